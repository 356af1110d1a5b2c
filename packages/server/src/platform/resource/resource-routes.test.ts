import Fastify from 'fastify';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineResource, type Page } from '@sbwq/contracts';
import { ADMIN_PASSWORD, createTestApp, json, RoleId } from '../../test/harness.ts';
import { installAccessControl } from '../access/access.ts';
import { installErrorHandling } from '../http/errors.ts';
import { BizError } from '../http/envelope.ts';
import { newId } from '../db/ids.ts';
import { created, updated } from '../db/audit.ts';
import { withDateTexts } from '../db/time.ts';
import { fieldsOf, pageOf, type ListResource } from '../list/list-query.ts';
import { toWorkbook, readWorkbook, importReport } from '../excel/excel.ts';
import { seedButtons } from '../../seed/buttons.ts';
import { registerResource, type ResourceCtx } from './resource-routes.ts';

/*
 * A test-only resource written the way a new feature is: a contract (declaration, schemas, codes), a
 * table, a service, one registerResource call. It proves the skeleton gives all eight standard routes
 * with their permissions, paging, validation, tenant scope, Excel export and import, and nothing else.
 */

// contract (packages/contracts/src/<area>/<feature>.ts in a real feature; permCodes would list the codes)
const WidgetPerm = {
  list: 'test:widget:list',
  add: 'test:widget:add',
  edit: 'test:widget:edit',
  delete: 'test:widget:delete',
  export: 'test:widget:export',
  import: 'test:widget:import',
} as const;
const widgetBody = z.object({ name: z.string({ error: '名称不能为空' }).min(1, '名称不能为空').max(50), qty: z.number().int().min(0).max(999) });
type WidgetRecord = { id: string; name: string; qty: number; createTime: string | null };
const widgetResource = defineResource<WidgetRecord>()({
  basePath: '/test/widget',
  entity: '示例物品',
  perm: WidgetPerm,
  routes: ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel'],
  addBody: widgetBody,
  editBody: widgetBody.extend({ id: z.string().min(1).max(36) }),
  importTemplate: true,
});

// table (a migration in a real feature)
const testWidget = pgTable('test_widget', {
  id: varchar('id', { length: 36 }).primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
  qty: integer('qty').notNull(),
  tenantId: integer('tenant_id').notNull(),
  createBy: varchar('create_by', { length: 32 }),
  createTime: timestamp('create_time'),
  updateBy: varchar('update_by', { length: 32 }),
  updateTime: timestamp('update_time'),
});

// service
const whitelist: ListResource = {
  table: testWidget,
  fields: fieldsOf(testWidget, { name: 'string', qty: 'number', createTime: 'datetime' }),
  defaultSort: { field: 'createTime', order: 'desc' },
};
const mine = (c: ResourceCtx) => eq(testWidget.tenantId, c.tenantId);
const listWidgets = (c: ResourceCtx, query: Record<string, unknown>) =>
  pageOf<typeof testWidget.$inferSelect>(c.db, whitelist, query, { extra: [mine(c)], tieBreak: testWidget.id }).then((page) => ({
    ...page,
    records: page.records.map((row) => withDateTexts(row)),
  }));
const columns = [
  { title: '名称', key: 'name', required: true },
  { title: '数量', key: 'qty', required: true },
];

describe('§4 one resource skeleton: a new resource declared once gets its standard routes', async () => {
  const t = await createTestApp();
  const db = t.database.db;
  await db.execute(sql`create table test_widget (id varchar(36) primary key, name varchar(50) not null, qty integer not null, tenant_id integer not null,
    create_by varchar(32), create_time timestamp, update_by varchar(32), update_time timestamp)`);
  await seedButtons(
    db,
    Object.values(WidgetPerm).map((code) => ({ code, name: code })),
    [RoleId.admin],
  );

  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  const { routes } = installAccessControl(app, { db, policy: t.deps.policy });
  await app.register(multipart);
  registerResource(app, t.deps, widgetResource, {
    tags: ['示例'],
    listResource: whitelist,
    service: {
      list: listWidgets,
      byId: async (c, id) => {
        const [row] = await c.db
          .select()
          .from(testWidget)
          .where(and(eq(testWidget.id, id), mine(c)));
        if (!row) throw new BizError('未找到对应数据');
        return withDateTexts(row);
      },
      add: async (c, body) => {
        const id = newId();
        await c.db.insert(testWidget).values({ id, ...body, tenantId: c.tenantId, ...created(c.user) });
        return id;
      },
      edit: async (c, { id, ...body }) => {
        const done = await c.db
          .update(testWidget)
          .set({ ...body, ...updated(c.user) })
          .where(and(eq(testWidget.id, id), mine(c)))
          .returning({ id: testWidget.id });
        if (!done.length) throw new BizError('未找到对应数据');
      },
      remove: async (c, ids) => {
        await c.db.delete(testWidget).where(and(inArray(testWidget.id, ids), mine(c)));
      },
      exportXls: async (c, query) => {
        const page = await listWidgets(c, { ...query, pageNo: 1, pageSize: 1000 });
        return {
          body: await toWorkbook(
            '示例物品',
            [
              { title: '名称', key: 'name', value: (w) => w.name },
              { title: '数量', key: 'qty', value: (w) => String(w.qty) },
            ],
            page.records,
          ),
          fileName: '示例物品.xlsx',
          asciiName: 'widgets.xlsx',
        };
      },
      importExcel: async (c, file) => {
        const rows = await readWorkbook(file, columns);
        const errors: { row: number; message: string }[] = [];
        for (const row of rows) {
          const parsed = widgetBody.safeParse({ name: row.values.name, qty: Number(row.values.qty) });
          if (!parsed.success) errors.push({ row: row.rowNumber, message: parsed.error.issues[0].message });
          else await c.db.insert(testWidget).values({ id: newId(), ...parsed.data, tenantId: c.tenantId, ...created(c.user) });
        }
        return importReport(rows.length, errors);
      },
      importTemplate: async () => ({ body: await toWorkbook('示例物品', [], []), fileName: '示例物品导入模板.xlsx', asciiName: 'widget-template.xlsx' }),
    },
    messages: { added: '添加成功！', edited: '编辑成功!', deleted: '删除成功!', batchDeleted: '批量删除成功!' },
  });
  await app.ready();

  const admin = await t.loginAs('admin', ADMIN_PASSWORD);
  await t.createUser({ username: 'nobody', password: 'Nobody1234', roleIds: [RoleId.holder] });
  const nobody = await t.loginAs('nobody', 'Nobody1234');
  const call = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({ method, url, headers: { 'X-Access-Token': token }, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('declares the eight standard routes (and the template), each with the permission of the declaration', () => {
    const declared = routes
      .filter((r) => String(r.url).startsWith('/test/widget') && r.method !== 'HEAD')
      .map((r) => `${String(r.method)} ${r.url} ${(r.config as { permission: string }).permission}`);
    expect(declared.sort()).toEqual(
      [
        'GET /test/widget/list test:widget:list',
        'GET /test/widget/queryById test:widget:list',
        'POST /test/widget/add test:widget:add',
        'PUT /test/widget/edit test:widget:edit',
        'DELETE /test/widget/delete test:widget:delete',
        'DELETE /test/widget/deleteBatch test:widget:delete',
        'GET /test/widget/exportXls test:widget:export',
        'POST /test/widget/importExcel test:widget:import',
        'GET /test/widget/importTemplate test:widget:import',
      ].sort(),
    );
  });

  it('add, list (paged, sorted, filtered), queryById, edit, delete and deleteBatch answer the JeecgBoot envelope', async () => {
    const added = json(await call(admin, 'POST', '/test/widget/add', { name: '登记证', qty: 3 }));
    expect(added).toMatchObject({ success: true, message: '添加成功！' });
    const id = added.result as string;
    json(await call(admin, 'POST', '/test/widget/add', { name: '授权书', qty: 5 }));

    const list = json(await call(admin, 'GET', '/test/widget/list?pageNo=1&pageSize=1&column=qty&order=asc'));
    const page = list.result as Page<WidgetRecord>;
    expect(page).toMatchObject({ total: 2, size: 1, current: 1 });
    expect(page.records[0]).toMatchObject({ name: '登记证', qty: 3 });
    expect(page.records[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((json(await call(admin, 'GET', `/test/widget/list?name=${encodeURIComponent('*授权*')}`)).result as Page<WidgetRecord>).total).toBe(1);

    expect(json(await call(admin, 'PUT', '/test/widget/edit', { id, name: '登记证书', qty: 4 }))).toMatchObject({ success: true, message: '编辑成功!' });
    expect(json(await call(admin, 'GET', `/test/widget/queryById?id=${id}`)).result).toMatchObject({ id, name: '登记证书', qty: 4 });

    expect(json(await call(admin, 'DELETE', `/test/widget/delete?id=${id}`))).toMatchObject({ success: true, message: '删除成功!' });
    const rest = (json(await call(admin, 'GET', '/test/widget/list')).result as Page<WidgetRecord>).records.map((w) => w.id);
    expect(json(await call(admin, 'DELETE', `/test/widget/deleteBatch?ids=${rest.join(',')},`))).toMatchObject({ success: true, message: '批量删除成功!' });
    expect((json(await call(admin, 'GET', '/test/widget/list')).result as Page<WidgetRecord>).total).toBe(0);
  });

  it('bodies and queries are checked by the declaration: a bad body, an unknown sort column, no ids are refused with 400', async () => {
    const bad = await call(admin, 'POST', '/test/widget/add', { name: '', qty: 1 });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).message).toContain('名称不能为空');
    expect((await call(admin, 'GET', '/test/widget/list?column=tenant_id;drop')).statusCode).toBe(400);
    const none = await call(admin, 'DELETE', '/test/widget/deleteBatch?ids=');
    expect(none.statusCode).toBe(400);
    expect(json(none).message).toContain('请选择记录');
  });

  it('a user without the codes is refused every route (403, code 510)', async () => {
    for (const [method, url] of [
      ['GET', '/test/widget/list'],
      ['POST', '/test/widget/add'],
      ['DELETE', '/test/widget/deleteBatch?ids=x'],
      ['GET', '/test/widget/exportXls'],
    ] as const) {
      const res = await call(nobody, method, url, method === 'POST' ? { name: 'x', qty: 1 } : undefined);
      expect(res.statusCode).toBe(403);
      expect(json(res).code).toBe(510);
    }
  });

  it('export answers the workbook with its Chinese file name; import reports rows taken and refused; a non-xlsx file is refused', async () => {
    json(await call(admin, 'POST', '/test/widget/add', { name: '公证书', qty: 1 }));
    const exported = await call(admin, 'GET', '/test/widget/exportXls');
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect(String(exported.headers['content-disposition'])).toContain(encodeURIComponent('示例物品.xlsx'));
    expect((await readWorkbook(exported.rawPayload, columns)).map((r) => r.values.name)).toEqual(['公证书']);

    const template = await call(admin, 'GET', '/test/widget/importTemplate');
    expect(String(template.headers['content-disposition'])).toContain('widget-template.xlsx');

    const upload = async (fileName: string, content: Buffer) => {
      const boundary = 'widgetboundary';
      const body = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
        content,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return app.inject({
        method: 'POST',
        url: '/test/widget/importExcel',
        headers: { 'X-Access-Token': admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: body,
      });
    };
    const sheet = await toWorkbook(
      '示例物品',
      [
        { title: '名称', key: 'name', value: (r: { n: string }) => r.n },
        { title: '数量', key: 'qty', value: () => '2' },
      ],
      [{ n: '委托书' }, { n: '' }],
    );
    const report = json(await upload('物品.xlsx', sheet));
    expect(report).toMatchObject({ success: true, code: 201, result: { totalCount: 2, successCount: 1, errorCount: 1 } });
    expect(json(await upload('物品.csv', Buffer.from('a,b')))).toMatchObject({ success: false, message: '只支持 .xlsx 格式的 Excel 文件' });
  });

  it('a declaration listing a route its service cannot serve fails at startup, not at the first request', () => {
    const probe = Fastify();
    expect(() =>
      registerResource(
        probe,
        t.deps,
        { ...widgetResource, basePath: '/test/broken' },
        { tags: [], listResource: whitelist, service: { list: listWidgets }, messages: { added: '', edited: '', deleted: '' } },
      ),
    ).toThrow(/queryById/);
  });
});
