import { z } from 'zod';

/**
 * Money is CNY with at most 2 decimals, carried as a decimal string (`"1234.50"`) in JSON and as
 * `numeric` in the database: a float never touches an amount. Numbers are accepted and written out
 * as text, so `100.5` passes and `0.30000000000000004` is refused instead of rounded.
 */
export const MONEY_PATTERN = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,2})?$/;
export const SIGNED_MONEY_PATTERN = /^-?(?:0|[1-9]\d{0,11})(?:\.\d{1,2})?$/;

export const MoneyMsg = {
  positive: '金额须为大于0的数字，最多两位小数',
  nonNegative: '金额须为不小于0的数字，最多两位小数',
  signed: '调整金额须为非0的数字（可为负数），最多两位小数',
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

// Zod runs a refinement even after the pattern failed: it tests the pattern again before counting cents.

/** A positive amount (a deposit, a freeze, a payment). */
export const positiveMoney = z.preprocess(
  asText,
  z
    .string({ error: MoneyMsg.positive })
    .regex(MONEY_PATTERN, MoneyMsg.positive)
    .refine((v) => MONEY_PATTERN.test(v) && toCents(v) > 0n, MoneyMsg.positive)
    .transform((v) => fromCents(toCents(v))),
);

/** Zero or more (a total planned in preparation, a subsidy standard). */
export const nonNegativeMoney = z.preprocess(
  asText,
  z.string({ error: MoneyMsg.nonNegative }).regex(MONEY_PATTERN, MoneyMsg.nonNegative).transform((v) => fromCents(toCents(v))),
);

/** A signed, non-zero amount (an adjustment). */
export const signedMoney = z.preprocess(
  asText,
  z
    .string({ error: MoneyMsg.signed })
    .regex(SIGNED_MONEY_PATTERN, MoneyMsg.signed)
    .refine((v) => SIGNED_MONEY_PATTERN.test(v) && toCents(v) !== 0n, MoneyMsg.signed)
    .transform((v) => fromCents(toCents(v))),
);
