import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar, isValidCreditCode } from './credit-code.ts';

describe('DOMAIN organisation: 统一社会信用代码 checksum (GB 32100-2015)', () => {
  it('accepts real codes whose 18th character is the check character', () => {
    for (const code of ['91440300708461136T', '9144030071526726XG', '91350100M000100Y43']) expect(isValidCreditCode(code), code).toBe(true);
  });

  it('computes the check character (31 − Σ Ci·Wi mod 31, 31 → 0)', () => {
    expect(creditCodeCheckChar('91440300708461136')).toBe('T');
    expect(creditCodeCheckChar('9144030071526726X')).toBe('G');
    expect(creditCodeCheckChar('9144030071526726')).toBeNull();
    expect(creditCodeCheckChar('9144030071526726I')).toBeNull();
  });

  it('refuses a wrong check character, wrong length, lower case, letters I O Z S V and letters in the region code', () => {
    for (const code of [
      '91440300708461136A',
      '91440300708461136',
      '91440300708461136TT',
      '9144030071526726xg',
      '91440300708461I36T',
      '9144030070846O136T',
      '914403007084Z1136T',
      '9144A30070846113 T',
      '91A40300708461136T',
      '',
      "9144030070846113' or 1=1",
    ]) {
      expect(isValidCreditCode(code), code).toBe(false);
    }
  });
});
