import { z } from 'zod';

/**
 * Money is CNY with at most 2 decimals, carried as a decimal string (`"1234.50"`) in JSON and as
 * `numeric` in the database: a float never touches an amount. Numbers are accepted and written out
 * as text, so `100.5` passes and `0.30000000000000004` is refused instead of rounded.
 */
export const MONEY_PATTERN = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,2})?$/;
export const SIGNED_MONEY_PATTERN = /^-?(?:0|[1-9]\d{0,11})(?:\.\d{1,2})?$/;

/** Every money column is numeric(14, 2): 12 digits before the point, 2 after. */
export const MONEY_COLUMN_MAX = '999999999999.99';
export const MONEY_COLUMN_MAX_CENTS = 99_999_999_999_999n;
/** The limit as a person reads it. */
export const MONEY_COLUMN_MAX_TEXT = '999,999,999,999.99';

export const MoneyMsg = {
  positive: '金额须为大于0的数字，最多两位小数',
  nonNegative: '金额须为不小于0的数字，最多两位小数',
  signed: '调整金额须为非0的数字（可为负数），最多两位小数',
  /** An amount typed or sent above what its column holds. */
  tooLarge: `金额不能超过 ${MONEY_COLUMN_MAX_TEXT} 元`,
  /** A sum the server computed (a balance, a total) that would pass its column: names what and the limit. */
  overColumn: (what: string) => `${what}将超过上限 ${MONEY_COLUMN_MAX_TEXT} 元，无法保存`,
} as const;

const asText = (v: unknown) => (typeof v === 'number' ? String(v) : v);

/** Cents of a decimal string: exact, whatever its size. */
export const toCents = (amount: string): bigint => {
  const negative = amount.startsWith('-');
  const [whole, frac = ''] = (negative ? amount.slice(1) : amount).split('.');
  const cents = BigInt(whole) * 100n + BigInt((frac + '00').slice(0, 2));
  return negative ? -cents : cents;
};

/** `12345n` → `"123.45"`. */
export const fromCents = (cents: bigint): string => {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

/** Whether an exact amount (in cents) fits a numeric(14, 2) column, either sign. */
export const fitsMoneyColumn = (cents: bigint): boolean => cents <= MONEY_COLUMN_MAX_CENTS && cents >= -MONEY_COLUMN_MAX_CENTS;

/** A decimal with more whole digits than the column holds: refused with the limit, not as malformed. */
const TOO_MANY_DIGITS = /^-?[1-9]\d{12,}(?:\.\d{1,2})?$/;
const tooLarge = (v: unknown) => typeof v === 'string' && TOO_MANY_DIGITS.test(v);

// Zod runs a refinement even after the pattern failed: it tests the pattern again before counting cents.

/** A positive amount (a deposit, a freeze, a payment). */
export const positiveMoney = z.preprocess(
  asText,
  z
    .string({ error: MoneyMsg.positive })
    .refine((v) => !tooLarge(v), { message: MoneyMsg.tooLarge, abort: true })
    .regex(MONEY_PATTERN, MoneyMsg.positive)
    .refine((v) => MONEY_PATTERN.test(v) && toCents(v) > 0n, MoneyMsg.positive)
    .transform((v) => fromCents(toCents(v))),
);

/** Zero or more (a total planned in preparation, a subsidy standard). */
export const nonNegativeMoney = z.preprocess(
  asText,
  z
    .string({ error: MoneyMsg.nonNegative })
    .refine((v) => !tooLarge(v), { message: MoneyMsg.tooLarge, abort: true })
    .regex(MONEY_PATTERN, MoneyMsg.nonNegative)
    .transform((v) => fromCents(toCents(v))),
);

/** A signed, non-zero amount (an adjustment). */
export const signedMoney = z.preprocess(
  asText,
  z
    .string({ error: MoneyMsg.signed })
    .refine((v) => !tooLarge(v), { message: MoneyMsg.tooLarge, abort: true })
    .regex(SIGNED_MONEY_PATTERN, MoneyMsg.signed)
    .refine((v) => SIGNED_MONEY_PATTERN.test(v) && toCents(v) !== 0n, MoneyMsg.signed)
    .transform((v) => fromCents(toCents(v))),
);

/**
 * An amount as a person reads it in a message or a log written by the server: thousands separators and
 * exactly two decimals (`"11000"` → `"11,000.00"`, `123456n` cents → `"1,234.56"`), from the exact value.
 */
export function moneyText(amount: string | bigint): string {
  const exact = fromCents(typeof amount === 'bigint' ? amount : toCents(amount));
  const negative = exact.startsWith('-');
  const [whole, frac] = (negative ? exact.slice(1) : exact).split('.');
  return `${negative ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}
