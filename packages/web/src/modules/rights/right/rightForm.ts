import { chinaToday, computeExpireDate, type RightRecord } from '@sbwq/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import type { RightBodyInput } from './right.api.ts';

const DATE = 'YYYY-MM-DD';
const DATE_FIELDS = ['regDate', 'authStartDate', 'authEndDate'] as const;
const TEXT_FIELDS = [
  'trademarkName',
  'markImage',
  'regNo',
  'niceClass',
  'goodsServices',
  'trademarkType',
  'registrant',
  'registrantAddress',
  'legalStatus',
  'authOrg',
  'authLetter',
  'proofFile',
  'remark',
] as const;

export type RightFormValues = Partial<Record<(typeof TEXT_FIELDS)[number], string | null>> & Partial<Record<(typeof DATE_FIELDS)[number], Dayjs | null>>;

/** A record as form values (dates as picker dates). */
export function rightFormValues(record: RightRecord | null): RightFormValues {
  if (!record) return { trademarkType: '1', legalStatus: '1' };
  const values: RightFormValues = {};
  for (const key of TEXT_FIELDS) values[key] = (record[key] as string | null | undefined) ?? null;
  for (const key of DATE_FIELDS) values[key] = record[key] ? dayjs(record[key] as string) : null;
  return values;
}

/** The request body: trimmed texts, dates as YYYY-MM-DD, empty values as null; the id on edit. */
export function rightBodyOf(values: RightFormValues, id?: string): RightBodyInput {
  const body: Record<string, string | null> = id ? { id } : {};
  for (const key of TEXT_FIELDS) {
    const value = values[key];
    body[key] = value === undefined || value === null || String(value).trim() === '' ? null : String(value).trim();
  }
  for (const key of DATE_FIELDS) body[key] = values[key] ? values[key]!.format(DATE) : null;
  // a required field left empty goes as null: the server's check (the same schema) names it
  return body as RightBodyInput;
}

/** 专用权期限 as the form shows it while the registration date is typed (the server computes the same). */
export function validityText(regDate: Dayjs | null | undefined): string | null {
  if (!regDate || !regDate.isValid()) return null;
  const from = regDate.format(DATE);
  return `${from} 至 ${computeExpireDate(from)}`;
}

/** A date later than today (China time) cannot be a registration date. */
export const afterToday = (day: Dayjs) => day.format(DATE) > chinaToday();
