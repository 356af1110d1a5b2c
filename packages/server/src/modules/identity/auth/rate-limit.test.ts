import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, json } from '../../../test/harness.ts';

describe('login attempts are rate-limited per address', async () => {
  const t = await createTestApp();
  it('the 31st login call within a minute from one address answers 429 with a Chinese message; another address is unaffected', async () => {
    let last = null;
    for (let i = 0; i < 31; i++) {
      last = await t.inject({ method: 'POST', url: t.api('/sys/login'), payload: { username: `u${i}`, password: 'x' }, remoteAddress: '10.99.0.1' });
    }
    expect(last!.statusCode).toBe(429);
    expect(json(last!)).toMatchObject({ success: false, message: '请求过于频繁，请稍后再试' });
    const other = await t.inject({
      method: 'POST',
      url: t.api('/sys/login'),
      payload: { username: 'admin', password: ADMIN_PASSWORD },
      remoteAddress: '10.99.0.2',
    });
    expect(json(other).code).toBe(200);
  });
});
