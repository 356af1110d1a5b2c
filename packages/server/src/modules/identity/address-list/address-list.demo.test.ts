import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../../platform/db/client.ts';
import { runSeeds } from '../../../seed/seed.ts';
import { sysSeed } from '../../../seed/seed.table.ts';
import { ADMIN_PASSWORD, json } from '../../../test/harness.ts';
import { appWithDemo } from '../../../test/demo.testkit.ts';

const DEMO_UNITS = ['demo:users:v1', 'demo:rights:v1', 'demo:content:v1', 'demo:directory:v1'];

describe('issue 36: 通讯录 of the demo — 工号, 职务, 电话 and 邮箱 filled for every demo account', async () => {
  const { t, db, dataDir } = await appWithDemo(DEMO_UNITS);

  it('every line of 通讯录 has 工号, 职务 by name, 座机, 手机号 and 邮箱', async () => {
    const admin = await t.loginAs('admin', ADMIN_PASSWORD);
    const page = json(await t.inject({ url: t.api('/sys/user/queryByOrgCodeForAddressList?pageSize=100'), headers: { 'X-Access-Token': admin } })).result;
    expect(page.total).toBeGreaterThanOrEqual(15);
    for (const e of page.records) {
      expect(e.workNo, e.realname).toMatch(/^(XH|JG)\d{4}$/);
      expect(e.telephone, e.realname).toMatch(/^0\d{3}-8\d{7}$/);
      expect(e.phone, e.realname).toMatch(/^1\d{10}$/);
      expect(e.email, e.realname).toMatch(/@/);
      expect(e.post, e.realname).toMatch(/^[\u4e00-\u9fa5，]+$/);
    }
    const byName = new Map(page.records.map((e: { realname: string; post: string }) => [e.realname, e.post]));
    expect(byName.get('审核员小王')).toBe('审核专员');
    expect(byName.get('财务小李')).toBe('财务主管');
  });

  it('the values are unique, and a second run changes nothing someone filled in', async () => {
    const [{ dup }] = await rows<{ dup: number }>(
      db,
      sql`select count(*)::int as dup from (select work_no from sys_user where work_no is not null group by work_no having count(*) > 1) d`,
    );
    expect(dup).toBe(0);
    await db.execute(sql`update sys_user set telephone = '010-12345678' where username = 'reviewer'`);
    await db.delete(sysSeed).where(inArray(sysSeed.key, ['demo:directory:v1']));
    await runSeeds(db, { adminPassword: null, seedDemo: true, announce: () => undefined, dataDir });
    const [reviewer] = await rows<{ telephone: string }>(db, sql`select telephone from sys_user where username = 'reviewer'`);
    expect(reviewer!.telephone).toBe('010-12345678');
  });
});
