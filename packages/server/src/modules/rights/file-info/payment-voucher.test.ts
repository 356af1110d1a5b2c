import { describe, expect, it } from 'vitest';
import { FILE_NAMES_PATH } from '@sbwq/contracts';
import { claimRig } from '../../finance/claim/claim.fixtures.ts';

describe("DOMAIN 文件信息 and expense claim: the payment voucher finance uploads is its claim's organisation's to read", async () => {
  const s = await claimRig();
  const { rig, a, b, reviewer, finance } = s;
  const read = async (token: string, path: string) => (await rig.request(token, 'GET', `/sys/common/static/${path}`)).statusCode;
  const names = async (token: string, path: string) => (await rig.call(token, 'GET', `${FILE_NAMES_PATH}?paths=${encodeURIComponent(path)}`)).result;

  it('the organisation that owns the paid claim reads its voucher under its uploaded name; another organisation does not; staff do', async () => {
    const id = await s.claimOf('500');
    await s.toPay(id);
    const body = await s.payBody(id);
    expect((await rig.call(finance.token, 'POST', '/rights/financeRecord/payment/pay', body)).success).toBe(true);
    const voucher = body.voucher as string;
    expect((await s.claim(id)).payVoucher).toBe(voucher);

    expect(await read(a.token, voucher)).toBe(200);
    expect(await names(a.token, voucher)).toEqual({ [voucher]: '文件.pdf' });
    expect(await read(b.token, voucher)).toBe(404);
    expect(await names(b.token, voucher)).toEqual({});
    expect(await read(finance.token, voucher)).toBe(200);
    expect(await read(reviewer.token, voucher)).toBe(200);
  });

  it('a file finance uploaded and linked to no claim of the organisation stays staff-only', async () => {
    const loose = await rig.upload(finance.token, 'pdf', '9');
    expect(await read(a.token, loose)).toBe(404);
    expect(await read(b.token, loose)).toBe(404);
    expect(await read(finance.token, loose)).toBe(200);
  });
});
