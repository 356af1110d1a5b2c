import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, json } from '../../../test/harness.ts';
import { jeecgEncrypt, legacyStoredHash } from '../../../platform/auth/jeecg-password.ts';
import { newId } from '../../../platform/db/ids.ts';
import { sysUser } from '../../identity/user/user.table.ts';

/** Issue 40, 密码: users imported from JeecgBoot 2.3 keep their password; the legacy hash lives until their first sign-in. */
describe('issue 40: signing in with an imported JeecgBoot 2.3 password', async () => {
  const t = await createTestApp();
  const db = t.database.db;
  const login = (username: string, password: string, ip: string) =>
    t.inject({ method: 'POST', url: t.api('/sys/login'), payload: { username, password }, remoteAddress: ip });
  const stored = async (username: string) => (await db.select().from(sysUser).where(eq(sysUser.username, username)))[0];
  const addLegacyUser = async (username: string, password: string, salt: string, status = 1) => {
    const hash = legacyStoredHash(salt, jeecgEncrypt(username, password, salt)!)!;
    await db.insert(sysUser).values({ id: newId(), username, realname: username, password: hash, status });
    return hash;
  };
  const get = (token: string, path: string) => t.inject({ method: 'GET', url: t.api(path), headers: { 'X-Access-Token': token } });

  it('the stock user jeecg (123456, salt vDDkDzrK from the dump) signs in once, must change the password before anything else, then signs in with the new one against argon2id', async () => {
    const legacy = legacyStoredHash('vDDkDzrK', '3dd8371f3cf8240e')!;
    await db.insert(sysUser).values({ id: newId(), username: 'jeecg', realname: 'jeecg', password: legacy });

    const first = await login('jeecg', '123456', '10.40.0.1');
    expect(json(first)).toMatchObject({ success: true, code: 200, result: { mustChangePwd: true } });
    expect(first.body).not.toMatch(/password|salt|3dd8371f3cf8240e|vDDkDzrK|jeecg-pbe|argon2/);
    const row = await stored('jeecg');
    expect(row.password).toMatch(/^\$argon2id\$/);
    expect(row.passwordMustChange).toBe(1);

    const token = json(first).result.token as string;
    const blocked = await get(token, '/sys/permission/getUserPermissionByToken');
    expect(blocked.statusCode).toBe(403);
    expect(json(blocked)).toMatchObject({ success: false, code: 510, message: '您的密码不符合安全要求，请先修改密码' });

    const weakAgain = await t.inject({
      method: 'PUT',
      url: t.api('/sys/user/updatePassword'),
      headers: { 'X-Access-Token': token },
      payload: { oldpassword: '123456', password: '654321', confirmpassword: '654321' },
    });
    expect(json(weakAgain)).toMatchObject({ success: false, message: '密码至少8位，须同时包含字母和数字' });
    const changed = await t.inject({
      method: 'PUT',
      url: t.api('/sys/user/updatePassword'),
      headers: { 'X-Access-Token': token },
      payload: { oldpassword: '123456', password: 'Jeecg2026x', confirmpassword: 'Jeecg2026x' },
    });
    expect(json(changed)).toMatchObject({ success: true });
    expect((await stored('jeecg')).passwordMustChange).toBe(0);
    expect((await get(token, '/sys/permission/getUserPermissionByToken')).statusCode).toBe(200);

    expect(json(await login('jeecg', '123456', '10.40.0.2')).success).toBe(false);
    const again = json(await login('jeecg', 'Jeecg2026x', '10.40.0.3'));
    expect(again.success).toBe(true);
    expect(again.result.mustChangePwd).toBeUndefined();
  });

  it('a weak legacy password stays "must change" at every sign-in until it is changed (accepted once means: never settled as is)', async () => {
    await addLegacyUser('weak_twice', '123456', 'aBcDeFgH');
    expect(json(await login('weak_twice', '123456', '10.40.1.1')).result.mustChangePwd).toBe(true);
    expect((await stored('weak_twice')).password).toMatch(/^\$argon2id\$/);
    expect(json(await login('weak_twice', '123456', '10.40.1.2')).result.mustChangePwd).toBe(true);
  });

  it('a legacy password meeting §5 is rehashed to argon2id at the first sign-in and asks for nothing more', async () => {
    const legacy = await addLegacyUser('strong_one', 'Strong2026', 'Zz9Yy8Xx');
    const first = json(await login('strong_one', 'Strong2026', '10.40.2.1'));
    expect(first.success).toBe(true);
    expect(first.result.mustChangePwd).toBeUndefined();
    const row = await stored('strong_one');
    expect(row.password).toMatch(/^\$argon2id\$/);
    expect(row.password).not.toBe(legacy);
    expect(row.passwordMustChange).toBe(0);
    expect((await get(first.result.token, '/sys/permission/getUserPermissionByToken')).statusCode).toBe(200);
    expect(json(await login('strong_one', 'Strong2026', '10.40.2.2')).success).toBe(true);
  });

  it('nobody signs in with the legacy hash itself, before or after the upgrade; a wrong password leaves the legacy hash in place', async () => {
    const legacy = await addLegacyUser('hash_probe', 'Probe2026', 'QwErTyUi');
    const hex = legacy.split('$').pop()!;
    for (const attempt of [hex, legacy]) expect(json(await login('hash_probe', attempt, '10.40.3.1')).success).toBe(false);
    expect((await stored('hash_probe')).password).toBe(legacy);
    expect(json(await login('hash_probe', 'Probe2026', '10.40.3.2')).success).toBe(true);
    for (const attempt of [hex, legacy]) expect(json(await login('hash_probe', attempt, '10.40.3.3')).success).toBe(false);
  });

  it('a frozen imported user is refused and keeps the legacy hash (the upgrade happens only on a successful sign-in)', async () => {
    const legacy = await addLegacyUser('frozen_legacy', 'Frozen2026', 'MnBvCxZa', 2);
    expect(json(await login('frozen_legacy', 'Frozen2026', '10.40.4.1'))).toMatchObject({ success: false });
    expect((await stored('frozen_legacy')).password).toBe(legacy);
  });
});
