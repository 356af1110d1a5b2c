import { DATE_FORMAT } from '@sbwq/contracts';
import dayjs from 'dayjs';

/** spec §9 "Ellipsis filter default 25". */
export const ELLIPSIS_LENGTH = 25;

const group = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** spec §9 number filter: thousands separators (`1234567` → `1,234,567`); decimals kept as given. */
export function formatNumber(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const text = String(value);
  const [whole, frac] = text.replace(/^-/, '').split('.');
  return `${text.startsWith('-') ? '-' : ''}${group(whole)}${frac === undefined ? '' : `.${frac}`}`;
}

/**
 * Money for reading: thousands separators and exactly 2 decimals (`1234567.5` → `1,234,567.50`). Money is a
 * decimal string (contracts money); the text is cut, never rounded through floating point.
 */
export function formatMoney(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const [whole, frac = ''] = value.replace(/^-/, '').split('.');
  return `${value.startsWith('-') ? '-' : ''}${group(whole)}.${(frac + '00').slice(0, 2)}`;
}

/** spec §9 ellipsis filter: longer texts cut to `length` characters and `...`. */
export function ellipsis(value: string | null | undefined, length = ELLIPSIS_LENGTH): string {
  if (!value) return '';
  return value.length > length ? `${value.slice(0, length)}...` : value;
}

/** spec §9 default date format `YYYY-MM-DD HH:mm:ss`. */
export function formatDate(value: string | number | Date | null | undefined, format = DATE_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(format) : '';
}

/**
 * Amounts inside a sentence (a log's 说明: `申请金额 3001.00 元`) with thousands separators and two
 * decimals, as everywhere else on screen: a number directly before 元 is an amount.
 */
export function formatMoneyInText(text: string | null | undefined): string {
  if (!text) return '';
  return text.replace(/(?<![\d.,])(-?\d+(?:\.\d+)?)(\s*元)/g, (_, amount: string, unit: string) => `${formatMoney(amount)}${unit}`);
}
