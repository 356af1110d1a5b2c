import type { Row } from './types.ts';

/**
 * spec §3 statistics (sum / average per column), exact: each value is read as a decimal and added as
 * a scaled BigInt, so 0.1 + 0.2 is 0.3 and amounts in cents never drift.
 */
const DECIMAL = /^-?\d+(?:\.\d+)?$/;
/** the average of money keeps 2 decimals at least */
const AVERAGE_SCALE = 2;

type Scaled = { units: bigint; scale: number };

function readDecimal(value: unknown): Scaled | null {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value).trim();
  if (!DECIMAL.test(text)) return null;
  const negative = text.startsWith('-');
  const [whole, frac = ''] = (negative ? text.slice(1) : text).split('.');
  const units = BigInt(whole + frac);
  return { units: negative ? -units : units, scale: frac.length };
}

const pow10 = (n: number) => 10n ** BigInt(n);

function format(units: bigint, scale: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / pow10(scale);
  const frac = scale > 0 ? `.${String(abs % pow10(scale)).padStart(scale, '0')}` : '';
  return `${negative && abs !== 0n ? '-' : ''}${whole}${frac}`;
}

function collect(rows: readonly Row[], key: string): { total: bigint; scale: number; count: number } {
  const values = rows.map((row) => readDecimal(row[key])).filter((v): v is Scaled => v !== null);
  const scale = values.reduce((max, v) => Math.max(max, v.scale), 0);
  const total = values.reduce((sum, v) => sum + v.units * pow10(scale - v.scale), 0n);
  return { total, scale, count: values.length };
}

/** The sum of a column's numeric values, with as many decimals as the most precise of them. */
export function sumOf(rows: readonly Row[], key: string): string {
  const { total, scale } = collect(rows, key);
  return format(total, scale);
}

/** The average of a column's numeric values (blank cells do not count), rounded half up. */
export function averageOf(rows: readonly Row[], key: string): string {
  const { total, scale, count } = collect(rows, key);
  if (count === 0) return '';
  const target = Math.max(scale, AVERAGE_SCALE);
  const scaled = total * pow10(target - scale) * 2n;
  const divisor = BigInt(count) * 2n;
  // half up, away from zero: (2x ± n) / 2n
  const rounded = scaled >= 0n ? (scaled + BigInt(count)) / divisor : (scaled - BigInt(count)) / divisor;
  return format(rounded, target);
}
