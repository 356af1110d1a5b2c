/**
 * 统一社会信用代码 (GB 32100-2015): 18 characters from a 31-character alphabet (no I, O, Z, S, V):
 * 1 登记管理部门代码, 2 机构类别代码, 3–8 登记管理机关行政区划码 (digits), 9–17 主体标识码, 18 校验码.
 * The check character makes C18 = 31 − (Σ Ci·Wi mod 31), with 31 written as 0.
 */
export const CREDIT_CODE_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
const SHAPE = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** The check character for the first 17 characters, or null when they are not from the alphabet. */
export function creditCodeCheckChar(first17: string): string | null {
  if (first17.length !== 17) return null;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CREDIT_CODE_ALPHABET.indexOf(first17[i]);
    if (value < 0) return null;
    sum += value * WEIGHTS[i];
  }
  const check = 31 - (sum % 31);
  return CREDIT_CODE_ALPHABET[check === 31 ? 0 : check];
}

/** True for an 18-character code of the right shape whose last character is its check character. */
export function isValidCreditCode(code: string): boolean {
  if (!SHAPE.test(code)) return false;
  return creditCodeCheckChar(code.slice(0, 17)) === code[17];
}

export const CREDIT_CODE_MESSAGE = '统一社会信用代码不正确：应为18位数字或大写字母（不含 I、O、Z、S、V），且校验位正确';
