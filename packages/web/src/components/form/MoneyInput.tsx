import { Input, type InputProps } from 'antd';

/**
 * Room for more digits than any money column holds, so an amount typed too long stays as typed and its
 * rule names the limit (金额不能超过 999,999,999,999.99 元) instead of the box silently cutting it into
 * another number.
 */
export const MONEY_INPUT_MAX_LENGTH = 32;

/** A money amount typed as text (exact, never parsed to a float). */
export function MoneyInput(props: Omit<InputProps, 'maxLength'>) {
  return <Input inputMode="decimal" autoComplete="off" {...props} maxLength={MONEY_INPUT_MAX_LENGTH} />;
}
