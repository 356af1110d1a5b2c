import { describe, expect, it } from 'vitest';
import SwaggerParser from '@apidevtools/swagger-parser';
import { EXPIRY_FLAGS } from '@sbwq/contracts';
import { ADMIN_PASSWORD as ADMIN, createTestApp } from '../../test/harness.ts';
import { declaredAccess } from '../access/access.ts';
import type { ListResource } from '../list/list-query.ts';
import { userResource } from '../../modules/identity/user/user.admin.service.ts';
import { roleWhitelist } from '../../modules/identity/role/role.service.ts';
import { rightWhitelist } from '../../modules/rights/right/right.service.ts';
import { orgWhitelist } from '../../modules/rights/org/org.service.ts';
import { bankWhitelist } from '../../modules/rights/bank/bank.service.ts';
import { approvalWhitelist } from '../../modules/core/approval/approval.service.ts';
import { announcementWhitelist } from '../../modules/messaging/announcement/announcement.service.ts';
import { dictWhitelist } from '../../modules/config/dict/dict-admin.service.ts';
import { fillRuleWhitelist } from '../../modules/config/fill-rule/fill-rule.service.ts';
import { batchWhitelist } from '../../modules/rights/batch/batch.service.ts';
import { claimWhitelist } from '../../modules/finance/claim/claim.service.ts';

type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Record<string, unknown> };
type Response = { description?: string; content?: Record<string, { schema?: Record<string, unknown> }> };
type Operation = {
  responses?: Record<string, Response>;
  parameters?: Parameter[];
  security?: unknown[];
  'x-permission'?: Record<string, unknown>;
  'x-onboarding'?: boolean;
  summary?: string;
  requestBody?: unknown;
};
type Document = { paths: Record<string, Record<string, Operation>> };

/**
 * A catch-all query (a record, or an object without properties) comes out as its schema's keywords
 * spread into parameters: `type` with the schema "object", `additionalProperties` with a schema.
 */
const OBJECT_KEYWORDS = new Set(['properties', 'additionalProperties', 'patternProperties', 'propertyNames']);
const isCatchAll = (p: Parameter) =>
  OBJECT_KEYWORDS.has(p.name) || typeof p.schema !== 'object' || p.schema === null || !('type' in p.schema || 'enum' in p.schema || 'anyOf' in p.schema);

const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, path, method, op })));

describe('OpenAPI page generated from the route schemas', async () => {
  const t = await createTestApp();
  const doc = (await t.inject({ url: t.api('/doc/json') })).json() as Document;
  const op = (method: string, path: string) => doc.paths[t.api(path)][method];
  const names = (o: Operation) => (o.parameters ?? []).map((p) => p.name);

  it('is open in development and lists the login route with its Chinese summary', async () => {
    expect(op('post', '/sys/login').summary).toBe('账号密码登录');
    expect(op('post', '/sys/login').requestBody).toBeDefined();
    expect((await t.inject({ url: t.api('/doc') })).statusCode).toBeLessThan(400);
  });

  it('the whole document is valid OpenAPI and no parameter is an object schema spread into parameters (hardening: tools can read it)', async () => {
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
    const catchAll = operations(doc).flatMap(({ key, op: o }) => (o.parameters ?? []).filter(isCatchAll).map((p) => `${key} ${p.name}`));
    expect(catchAll).toEqual([]);
    expect(isCatchAll({ name: 'type', in: 'query', schema: 'object' as never })).toBe(true);
    expect(isCatchAll({ name: 'additionalProperties', in: 'query', schema: { anyOf: [] } })).toBe(true);
    // The validator does reject a broken document, so the check above can fail.
    const broken = structuredClone(doc);
    broken.paths[t.api('/sys/user/list')].get.parameters!.push({ name: 'x', in: 'query', schema: { type: 'object', additionalProperties: 7 } });
    await expect(SwaggerParser.validate(broken as never)).rejects.toThrow();
  });

  it('list routes publish paging, sorting and every filter of their whitelist, with the JeecgBoot forms (hardening: filters were undocumented)', () => {
    const lists: [string, ListResource][] = [
      ['/sys/user/list', userResource],
      ['/sys/user/exportXls', userResource],
      ['/sys/role/list', roleWhitelist],
      ['/rights/right/list', rightWhitelist],
      ['/rights/right/exportXls', rightWhitelist],
      ['/rights/org/list', orgWhitelist],
      ['/rights/bank/list', bankWhitelist],
      ['/rights/approval/list', approvalWhitelist],
      ['/sys/annountCement/list', announcementWhitelist],
      ['/sys/dict/list', dictWhitelist],
      ['/sys/fillRule/list', fillRuleWhitelist],
      ['/rights/threaded/list', batchWhitelist],
      ['/rights/financeRecord/list', claimWhitelist],
      ['/rights/financeRecord/payment/list', claimWhitelist],
    ];
    for (const [path, resource] of lists) {
      const published = names(op('get', path));
      const expected = ['pageNo', 'pageSize', 'column', 'order'];
      for (const [field, spec] of Object.entries(resource.fields)) {
        if (spec.filter === false) continue;
        expected.push(field);
        if (spec.type !== 'string') expected.push(`${field}_begin`, `${field}_end`);
      }
      expect(published, path).toEqual(expect.arrayContaining(expected));
    }
    const user = op('get', '/sys/user/list').parameters!;
    const param = (name: string) => user.find((p) => p.name === name)!;
    expect(param('username').description).toContain('*值*');
    expect(param('username').description).toContain('a,b');
    expect(param('createTime_begin').description).toContain('范围');
    expect(param('column').description).toContain('username');
    expect(param('departId').description).toContain('下级部门');
    expect(user.every((p) => p.in === 'query' && p.required === false)).toBe(true);
    const flag = op('get', '/rights/right/list').parameters!.find((p) => p.name === 'expiryFlag')!;
    expect(flag.schema?.enum).toEqual([...EXPIRY_FLAGS]);
    // the figures open these lists on the date they count by: 付款日期 (本年已获报销) and 审核时间 (月度 通过)
    expect(names(op('get', '/rights/financeRecord/list'))).toEqual(expect.arrayContaining(['payDate_begin', 'payDate_end']));
    expect(names(op('get', '/rights/threaded/list'))).toEqual(expect.arrayContaining(['approveTime_begin', 'approveTime_end']));
    expect(op('get', '/sys/user/userRoleList').parameters!.find((p) => p.name === 'roleId')!.required).toBe(true);
  });

  it('the documented list query still lets the stock client through: extra keys (_t, superQueryParams) pass, a known filter is checked', async () => {
    const token = await t.loginAs('admin', ADMIN);
    const get = (query: string) => t.inject({ url: t.api(`/sys/user/list?${query}`), headers: { 'X-Access-Token': token } });
    const listed = (await get('_t=1700000000000&username=*adm*&column=createTime&order=desc&field=id,username&superQueryMatchType=and')).json();
    expect(listed.success).toBe(true);
    expect(listed.result.records.map((u: { username: string }) => u.username)).toContain('admin');
    const tooLong = await get(`username=${'a'.repeat(501)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().success).toBe(false);
    const badFlag = (await t.inject({ url: t.api('/rights/right/list?expiryFlag=soon'), headers: { 'X-Access-Token': token } })).json();
    expect(badFlag.message).toContain('expiryFlag 只能是');
  });

  it('every operation carries its route access declaration as x-permission, x-onboarding when an account awaiting enrolment may call it; public ones need no token (security: [])', () => {
    const byKey = new Map(operations(doc).map((o) => [o.key, o.op]));
    const checked: string[] = [];
    for (const route of t.routes) {
      const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
      const path = route.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');
      const config = (route.config ?? {}) as Record<string, unknown>;
      for (const method of methods) {
        const o = byKey.get(`${method} ${path}`);
        if (!o) continue;
        const kinds = declaredAccess(config);
        expect(o['x-permission'], `${method} ${path}`).toEqual(Object.fromEntries(kinds.map((k) => [k, config[k]])));
        expect(o['x-onboarding'], `${method} ${path}`).toBe(config.onboarding === true ? true : undefined);
        if (kinds.includes('public')) expect(o.security, `${method} ${path}`).toEqual([]);
        else expect(o.security, `${method} ${path}`).toBeUndefined();
        checked.push(`${method} ${path}`);
      }
    }
    expect(checked.length).toBe(operations(doc).length);
    expect(op('post', '/sys/login')['x-permission']).toEqual({ public: true });
    expect(op('get', '/sys/user/list')['x-permission']).toEqual({ permission: 'system:user:list' });
    expect(op('get', '/sys/permission/getUserPermissionByToken')['x-permission']).toEqual({ signedIn: true });
    // open to an account awaiting enrolment: its own menu, yes; site-wide login statistics, no
    expect(op('get', '/sys/permission/getUserPermissionByToken')['x-onboarding']).toBe(true);
    expect(op('get', '/sys/loginfo')['x-onboarding']).toBeUndefined();
  });

  it('every operation describes its reply: a 200 with a schema (101 for a socket)', () => {
    const described = (response: Response | undefined) => Object.values(response?.content ?? {}).some((c) => c.schema && Object.keys(c.schema).length > 0);
    const undescribed = operations(doc)
      .map(({ path, method, op: o }) => ({
        key: `${method.toUpperCase()} ${path
          .slice(t.config.apiBase.length)
          .replace(/\{(\w+)\}/g, ':$1')
          .replace(/\{\*\}$/, '*')}`,
        o,
      }))
      .filter(({ o }) => !described(o.responses?.['200'] ?? o.responses?.['101']))
      .map(({ key }) => key);
    expect(undescribed).toEqual([]);
    const login = op('post', '/sys/login').responses!['200'].content!['application/json'].schema!;
    expect(JSON.stringify(login)).toContain('sysAllDictItems');
    expect(JSON.stringify(login)).not.toContain('password');
    expect(op('get', '/sys/common/static/{*}').responses!['200'].content!['application/octet-stream']).toBeDefined();
  });

  it('in production only a signed-in administrator sees it (header, or ?token= kept in a cookie)', async () => {
    const p = await createTestApp({ NODE_ENV: 'production' });
    expect((await p.inject({ url: p.api('/doc/json') })).statusCode).toBe(401);
    await p.createUser({ username: 'notadmin', password: 'Notadmin123' });
    const user = await p.loginAs('notadmin', 'Notadmin123');
    expect((await p.inject({ url: p.api('/doc/json'), headers: { 'X-Access-Token': user } })).statusCode).toBe(403);
    const admin = await p.loginAs('admin', ADMIN);
    expect((await p.inject({ url: p.api('/doc/json'), headers: { 'X-Access-Token': admin } })).statusCode).toBe(200);
    const page = await p.inject({ url: p.api(`/doc?token=${admin}`) });
    expect(page.statusCode).toBe(200);
    const cookie = String(page.headers['set-cookie']);
    expect(cookie).toContain('HttpOnly');
    const viaCookie = await p.inject({ url: p.api('/doc/json'), headers: { cookie: cookie.split(';')[0] } });
    expect(viaCookie.statusCode).toBe(200);
  });
});
