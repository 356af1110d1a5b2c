import { ORG_ENROL_FIELDS, type OrgRecord } from '@sbwq/contracts';
import dayjs, { type Dayjs } from 'dayjs';

export type EnrolField = (typeof ORG_ENROL_FIELDS)[number];
export type EnrolFormValues = Partial<Record<Exclude<EnrolField, 'foundDate'>, string | null>> & { foundDate?: Dayjs | null };

const DATE = 'YYYY-MM-DD';

/** A saved application as form values (成立日期 as a date of the picker). */
export function enrolFormValues(org: OrgRecord | null): EnrolFormValues {
  if (!org) return {};
  const values: EnrolFormValues = {};
  for (const key of ORG_ENROL_FIELDS) {
    if (key === 'foundDate') values.foundDate = org.foundDate ? dayjs(org.foundDate) : null;
    else values[key] = (org[key] as string | null | undefined) ?? null;
  }
  return values;
}

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The request body of the form: every field, an empty one as '' — which a draft (保存草稿) reads as
 * "clear this field" and a submission refuses with the field's own message.
 */
export function enrolBody(values: EnrolFormValues): Record<EnrolField, string> {
  const body = {} as Record<EnrolField, string>;
  for (const key of ORG_ENROL_FIELDS) {
    const value = values[key];
    if (key === 'foundDate') body.foundDate = value && dayjs.isDayjs(value) ? value.format(DATE) : '';
    else body[key] = isEmpty(value) ? '' : String(value).trim();
  }
  return body;
}

/** 保存草稿 checks only what was filled in (and the name, which a draft needs); the rest may wait. */
export function draftFieldsToCheck(values: EnrolFormValues): EnrolField[] {
  return ORG_ENROL_FIELDS.filter((key) => key === 'orgName' || !isEmpty(values[key]));
}
