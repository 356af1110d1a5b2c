import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, json, RoleId } from '../../../test/harness.ts';
import { declaredAccess, hasPermission } from '../../../platform/access/access.ts';
import { categoryMenu } from '../category/category.menu.ts';
import { checkRuleMenu } from '../check-rule/check-rule.menu.ts';
import { fillRuleMenu } from '../fill-rule/fill-rule.menu.ts';
import { dictMenu, tableDictMenu } from './dict.menu.ts';
import { sysUser } from '../../identity/user/user.table.ts';

const menuCodes = [dictMenu, categoryMenu, fillRuleMenu, checkRuleMenu, tableDictMenu].flatMap((menu) => Object.keys(menu.buttons));

/** Routes of the dictionary, category, fill-rule, check-rule and duplicate-check features. */
const MINE = /^\/sys\/(dict|dictItem|tableDict|category|fillRule|checkRule|duplicate)\//;
const READ_FOR_EVERYONE = [
  '/sys/dict/getDictItems/:dictCode',
  '/sys/dict/queryAllDictItems',
  '/sys/dict/refleshCache',
  '/sys/dict/loadDictItem/:dictCode',
  '/sys/dict/loadDict/:dictCode',
  '/sys/dict/loadTreeData',
  '/sys/dict/getDictText/:dictCode/:key',
  '/sys/category/loadTreeRoot',
  '/sys/category/loadTreeChildren',
  '/sys/category/loadTreeData',
  '/sys/category/loadDictItem',
  '/sys/fillRule/executeRuleByCode/:ruleCode',
  '/sys/checkRule/checkByCode',
  '/sys/duplicate/check',
];

describe('§6 access: the administration calls need their permission code; the calls every screen makes need a session', async () => {
  const t = await createTestApp();
  const mine = t.routes.filter((r) => r.url.startsWith(t.config.apiBase) && MINE.test(r.url.slice(t.config.apiBase.length)));
  const config = (r: (typeof mine)[number]) => r.config as unknown as Record<string, unknown>;
  await t.createUser({ username: 'plain_user', password: 'Plain12345', roleIds: [RoleId.holder] });
  const plain = await t.loginAs('plain_user', 'Plain12345');
  const admin = await t.loginAs('admin', ADMIN_PASSWORD);

  it('each route declares one access rule: signedIn for the shared reads, a system:* permission code for the rest', () => {
    expect(mine.length).toBeGreaterThan(40);
    for (const route of mine) {
      const path = route.url.replace(t.config.apiBase, '');
      const declared = declaredAccess(config(route));
      expect(declared, path).toHaveLength(1);
      if (READ_FOR_EVERYONE.includes(path)) expect(declared, path).toEqual(['signedIn']);
      else expect(String(config(route).permission), path).toMatch(/^system:(dict|dictItem|tableDict|category|fillRule|checkRule):[a-zA-Z]+$/);
    }
  });

  it('a user without the permission gets 403 with code 510 on every administration route; without a token, 401', async () => {
    const guarded = mine.filter((r) => typeof config(r).permission === 'string');
    for (const route of guarded) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods.filter((m) => m !== 'HEAD')) {
        const url = route.url.replace(/:(\w+)/g, 'x');
        const res = await t.inject({
          method: method as 'GET',
          url,
          headers: { 'X-Access-Token': plain },
          payload: method === 'GET' || method === 'DELETE' ? undefined : {},
        });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(json(res), `${method} ${url}`).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
        expect((await t.inject({ method: method as 'GET', url })).statusCode, `${method} ${url}`).toBe(401);
      }
    }
  });

  it('the administrator holds every permission code these routes declare (seeded button rows granted to the admin role)', async () => {
    const codes = new Set(mine.map((r) => config(r).permission).filter((p): p is string => typeof p === 'string'));
    expect([...codes].sort()).toEqual(menuCodes.sort());
    const [{ id: adminId }] = await t.database.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.username, 'admin'));
    for (const code of codes) expect(await hasPermission(t.database.db, adminId, code), code).toBe(true);
    expect(json(await t.inject({ url: t.api('/sys/dict/list'), headers: { 'X-Access-Token': admin } })).success).toBe(true);
  });

  it('the button rows stay out of the menu tree', async () => {
    const res = json(await t.inject({ url: t.api('/sys/permission/getUserPermissionByToken'), headers: { 'X-Access-Token': admin } }));
    const names = JSON.stringify(res.result.menu);
    expect(names).not.toContain('数据字典-添加');
    expect(res.result.auth.map((a: { action: string }) => a.action)).toContain('system:dict:add');
  });
});
