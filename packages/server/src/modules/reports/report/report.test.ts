import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { DataSourceType, ReportMsg } from '@sbwq/contracts';
import { ADMIN_PASSWORD, createTestApp, dbKind, json, RoleId } from '../../../test/harness.ts';
import { listening } from '../../../test/ports.ts';
import { sql } from 'drizzle-orm';
import { rows } from '../../../platform/db/client.ts';
import { HOSTILE_PARAMS, HOSTILE_SQL } from './report-sql.hostile.ts';
import { APP_EMBEDDED, APP_SERVER, prepareReportSql, REPORT_TABLES, SOURCE, type SqlTarget } from './report-sql.ts';
import { REPORT_ROLE, runReadOnly } from './report-runner.ts';
import { DEMO_REPORTS, seedDemoReports } from './report.seed.ts';

const pgUp = await listening(5432);

/** A refusal's message, or null when the SQL passes the guard. */
async function refusal(sql: string, params: string[] = [], target: SqlTarget = APP_EMBEDDED): Promise<string | null> {
  try {
    await prepareReportSql(sql, params, target);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe("Online报表 SQL guard (issue: only one SELECT, parsed by PostgreSQL's own parser, and what runs is what was checked)", () => {
  it('hostile SQL is refused, each with a clear Chinese message, on both kinds of database', async () => {
    for (const target of [APP_EMBEDDED, APP_SERVER]) {
      for (const [sql, message] of HOSTILE_SQL) {
        const got = await refusal(sql, [...HOSTILE_PARAMS], target);
        expect(got, sql).not.toBeNull();
        if (message) expect(got, sql).toBe(message);
        // a refusal is not remembered as a pass: the second check refuses the same way
        expect(await refusal(sql, [...HOSTILE_PARAMS], target), sql).toBe(got);
      }
    }
  });

  it('the text that runs is re-printed from the checked tree: no comment, no character the check did not read', async () => {
    const checked = await prepareReportSql(
      "select b.batch_no /* a note */, b.status -- why\nfrom rights_batch b where b.batch_name like '%${kw}%'",
      ['kw'],
      APP_EMBEDDED,
    );
    expect(checked.text).not.toMatch(/--|\/\*/);
    expect(checked.text).toMatch(/FROM rights_batch AS b/);
    expect(checked.text).toContain('$1');
    // what the review ran: the re-printed text of a passing report never carries a comment's content
    const passing = await prepareReportSql('select 1 as a /* -- */ , batch_no from rights_batch /*\n*/', [], APP_EMBEDDED);
    expect(passing.text.replace(/\s+/g, ' ').trim()).toBe('SELECT 1 AS a, batch_no FROM rights_batch');
  });

  it('WITH RECURSIVE runs only where a statement timeout can stop it (PostgreSQL), not on the embedded database', async () => {
    const recursive = 'with recursive t(n) as (select 1 union all select n + 1 from t where n < 5) select n from t';
    expect(await refusal(recursive, [], APP_EMBEDDED)).toBe(ReportMsg.recursiveDenied);
    expect(await refusal(recursive, [], APP_SERVER)).toBeNull();
  });

  it('a 多数据源 source may name its own tables, never the catalogs, and the same functions', async () => {
    expect(await refusal('select * from sales.orders', [], SOURCE)).toBeNull();
    expect(await refusal('select * from pg_catalog.pg_authid', [], SOURCE)).toBe(ReportMsg.schemaDenied('pg_catalog.pg_authid'));
    expect(await refusal('select * from information_schema.tables', [], SOURCE)).toBe(ReportMsg.schemaDenied('information_schema.tables'));
    expect(await refusal("select pg_read_file('x') from orders", [], SOURCE)).toBe(ReportMsg.functionDenied('pg_read_file'));
    expect(await refusal('select 1 as a /* -- */ , password from users /*\n*/', [], SOURCE)).toBeNull();
    expect((await prepareReportSql('select 1 as a /* -- */ , password from users /*\n*/', [], SOURCE)).text).not.toContain('/*');
  });

  it('plain reports pass: joins, aggregates with FILTER, CTEs, windows, casts, EXISTS, ${param} in a LIKE string', async () => {
    expect(
      await refusal(
        "with t as (select org_id, count(*) filter (where status = '7') as n from rights_batch group by org_id) select t.*, rank() over (order by n desc) from t",
      ),
    ).toBeNull();
    expect(
      await refusal(
        'select o.id from rights_org o where exists (select 1 from rights_batch b where b.org_id = o.id) and not exists (select 1 from rights_right r where r.org_id = o.id)',
      ),
    ).toBeNull();
    expect(
      await refusal(
        "select to_char(create_time, 'YYYY-MM') as m, sum(apply_amount)::numeric(14,2) from rights_batch where batch_name like '%${kw}%' group by 1",
        ['kw'],
      ),
    ).toBeNull();
    expect(
      await refusal(
        "select extract(year from submit_time) as y, current_date as d, submit_time at time zone 'Asia/Shanghai' as t, trim(both ' ' from batch_name) as n from rights_batch",
      ),
    ).toBeNull();
    for (const demo of DEMO_REPORTS)
      expect(
        await refusal(
          demo.cgrSql,
          (demo.params ?? []).map((p) => p.paramName),
        ),
        demo.code,
      ).toBeNull();
    // plain reports (rows as they are) are paged as they stand; summaries, windows, DISTINCT, LIMIT and unions are computed whole
    expect(
      (
        await prepareReportSql(
          "select b.id, b.batch_no from rights_batch b join rights_org o on o.id = b.org_id where b.del_flag = '0' order by b.create_time desc",
          [],
          APP_EMBEDDED,
        )
      ).plain,
    ).toBe(true);
    for (const summary of [
      'select status, count(*) as n from rights_batch group by status',
      'select max(apply_amount) as m from rights_batch',
      'select distinct status from rights_batch',
      'select id, rank() over (order by apply_amount) as r from rights_batch',
      'select id from rights_batch limit 5',
      'select id from rights_batch union select id from rights_org',
      'select * from (select org_id, count(*) as n from rights_batch group by org_id) x',
      'with t as (select count(*) as a from rights_batch) select a from t',
      'values (1), (2)',
    ]) {
      expect((await prepareReportSql(summary, [], APP_EMBEDDED)).plain, summary).toBe(false);
    }
    // the checked text is kept per SQL, declared names and target
    const summary = DEMO_REPORTS[0].cgrSql;
    expect(await prepareReportSql(summary, [], APP_EMBEDDED)).toBe(await prepareReportSql(summary, [], APP_EMBEDDED));
    expect(await refusal("select 1 where 'a' = '${kw}'", [])).toBe(ReportMsg.paramUndeclared('kw'));
    expect(await refusal("select 1 where 'a' = '${kw}'", ['kw'])).toBeNull();
    const bound = await prepareReportSql("select 1 from rights_batch where batch_name like '%${kw}%' and org_id = ${kw}", ['kw'], APP_EMBEDDED);
    expect(bound.markers).toEqual(['$kw']);
    expect(bound.text.replace(/\s+/g, ' ')).toBe("SELECT 1 FROM rights_batch WHERE batch_name LIKE ('%' || CAST($1 AS text)) || '%' AND org_id = $1");
  });
});

describe(`Online报表 routes (spec §7 online reports) on ${dbKind}`, async () => {
  const t = await createTestApp();
  const admin = t.as(await t.loginAs('admin', ADMIN_PASSWORD));
  await seedDemoReports(t.database.db);
  await t.createUser({ username: 'rpt_staff', password: 'Staff#2026', roleIds: [RoleId.reviewer] });
  await t.createUser({ username: 'rpt_org', password: 'Org#2026ab', roleIds: [RoleId.agency] });
  const staff = t.as(await t.loginAs('rpt_staff', 'Staff#2026'));
  const customer = t.as(await t.loginAs('rpt_org', 'Org#2026ab'));

  const body = {
    name: '角色清单',
    code: 'rpt_roles',
    cgrSql: "select id, role_code, role_name, create_time from sys_role where role_name like '%${kw}%'",
    params: [{ paramName: 'kw', paramTxt: '关键字', paramValue: '' }],
    columns: [
      { fieldName: 'id', fieldTxt: 'ID', isShow: false },
      { fieldName: 'role_code', fieldTxt: '角色编码', isSearch: true, searchMode: 'like', isOrder: true },
      { fieldName: 'role_name', fieldTxt: '角色名称', isSearch: true },
      { fieldName: 'create_time', fieldTxt: '创建时间', fieldType: 'Datetime', isSearch: true, searchMode: 'group' },
    ],
  };

  it('parseSql reads the columns and ${params} from the SQL, with types and a preview; a refused SQL is told at save', async () => {
    const parsed = json(await admin('POST', '/online/cgreport/head/parseSql', { cgrSql: body.cgrSql }));
    expect(parsed.success).toBe(true);
    expect(parsed.result.columns.map((c: { fieldName: string }) => c.fieldName)).toEqual(['id', 'role_code', 'role_name', 'create_time']);
    expect(parsed.result.columns[3].fieldType).toBe('Datetime');
    expect(parsed.result.params).toMatchObject([{ paramName: 'kw' }]);
    expect(parsed.result.records.length).toBe(5);
    expect(json(await admin('POST', '/online/cgreport/head/add', { ...body, cgrSql: 'select password from sys_user' }))).toMatchObject({
      success: false,
      message: ReportMsg.tableDenied('sys_user'),
    });
    expect(json(await admin('POST', '/online/cgreport/head/add', { ...body, cgrSql: 'select pg_sleep(30)' })).message).toBe(
      ReportMsg.functionDenied('pg_sleep'),
    );
    expect(json(await admin('POST', '/online/cgreport/head/add', { ...body, columns: [{ fieldName: 'nope' }] })).message).toBe(ReportMsg.columnUnknown('nope'));
    expect(json(await staff('POST', '/online/cgreport/head/parseSql', { cgrSql: 'select 1' })).code).toBe(510);
  });

  it('getRpColumns / getQueryInfo / getData answer the stock shapes; search, range, sort on own columns only, paging', async () => {
    expect(json(await admin('POST', '/online/cgreport/head/add', body)).success).toBe(true);
    expect(json(await admin('POST', '/online/cgreport/head/add', body)).message).toBe(ReportMsg.codeTaken);
    const cols = json(await admin('GET', '/online/cgreport/api/getRpColumns/rpt_roles'));
    expect(cols.result).toMatchObject({ cgRpConfigName: '角色清单', dictOptions: {} });
    expect(cols.result.columns.map((c: { dataIndex: string }) => c.dataIndex)).toEqual(['role_code', 'role_name', 'create_time']);
    // issue 36: a column sorts only when 排序 is ticked — role_code is, the Datetime create_time is not
    expect(cols.result.columns[0]).toMatchObject({ title: '角色编码', sorter: 'true' });
    expect(cols.result.columns[2]).toMatchObject({ title: '创建时间', align: 'center', fieldType: 'Datetime' });
    expect(cols.result.columns[2].sorter).toBeUndefined();
    const id = cols.result.cgRpConfigId as string;
    const info = json(await admin('GET', `/online/cgreport/api/getQueryInfo/${id}`)).result;
    expect(info).toEqual([
      { label: '角色编码', field: 'role_code', view: 'string', mode: 'like' },
      { label: '角色名称', field: 'role_name', view: 'string', mode: 'single' },
      { label: '创建时间', field: 'create_time', view: 'datetime', mode: 'group', hidden: '1' },
    ]);
    const page = json(await admin('GET', `/online/cgreport/api/getData/${id}?pageNo=2&pageSize=2&column=role_code&order=asc`)).result;
    expect(page.total).toBe(5);
    expect(page.records).toHaveLength(2);
    // the total of a plain report: from the last page itself, or counted (a full page, a page past the end)
    expect(json(await admin('GET', `/online/cgreport/api/getData/${id}?pageNo=3&pageSize=2`)).result).toMatchObject({ total: 5, records: [expect.anything()] });
    expect(json(await admin('GET', `/online/cgreport/api/getData/${id}?pageNo=4&pageSize=2`)).result).toEqual({ total: 5, records: [] });
    expect(json(await admin('GET', `/online/cgreport/api/getData/${id}?pageNo=1&pageSize=5`)).result.total).toBe(5);
    const all = json(await admin('GET', `/online/cgreport/api/getData/${id}?pageSize=10&column=role_code&order=asc`)).result;
    expect(all.records.slice(2, 4)).toEqual(page.records);
    expect(Object.keys(all.records[0]).sort()).toEqual(['create_time', 'id', 'role_code', 'role_name']);
    // §9 date format, China time as every other answer: not the database's own text (`…+00`)
    expect(all.records.every((r: { create_time: string }) => /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/.test(r.create_time))).toBe(true);
    expect(json(await admin('GET', `/online/cgreport/api/getData/${id}?role_code=zzz`)).result.total).toBe(0);
    expect(json(await admin('GET', `/online/cgreport/api/getData/${id}?role_code=FIN`)).result.records).toMatchObject([{ role_code: 'finance' }]);
    expect(json(await admin('GET', `/online/cgreport/api/getData/${id}?self_kw=${encodeURIComponent('审核')}`)).result.total).toBe(1);
    expect(json(await admin('GET', `/online/cgreport/api/getData/${id}?create_time_begin=2999-01-01`)).result.total).toBe(0);
    expect(json(await admin('GET', `/online/cgreport/api/getData/${id}?create_time_end=2999-01-01 08:30`)).result.total).toBe(5);
    // a search value that is not of its column's type is told in words naming the field, not in PostgreSQL's
    expect(json(await admin('GET', `/online/cgreport/api/getData/${id}?create_time_begin=2026-02-30`)).message).toBe(ReportMsg.searchDatetime('创建时间'));
    expect(json(await admin('GET', `/online/cgreport/api/getData/${id}?create_time_end=${encodeURIComponent("1' or '1'='1")}`)).message).toBe(
      ReportMsg.searchDatetime('创建时间'),
    );
    expect(json(await admin('GET', `/online/cgreport/api/getData/${id}?column=create_time&order=desc`)).message).toBe('不能按字段 create_time 排序');
    // a column not of the report, or one injected, is refused rather than sorted on
    expect(json(await admin('GET', `/online/cgreport/api/getData/${id}?column=password`)).message).toBe('不能按字段 password 排序');
    expect(json(await admin('GET', `/online/cgreport/api/getData/${id}?column=${encodeURIComponent('role_code;drop table x')}`)).success).toBe(false);
    const file = await admin('GET', `/online/cgreport/api/exportXls/${id}?column=role_code&order=asc`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(2).values).toEqual([undefined, '角色编码', '角色名称', '创建时间']);
    expect(sheet.rowCount).toBe(7);
  });

  it('解析SQL ticks 排序 for number and date columns only, so unticking it is what makes them unsortable (issue 36)', async () => {
    const parsed = json(
      await admin('POST', '/online/cgreport/head/parseSql', { cgrSql: 'select role_code, 12.50::numeric(12,2) as amount, create_time from sys_role' }),
    ).result;
    expect(parsed.columns.map((c: { fieldName: string; isOrder: boolean }) => [c.fieldName, c.isOrder])).toEqual([
      ['role_code', false],
      ['amount', true],
      ['create_time', true],
    ]);
  });

  it("exports number columns as Excel numbers (a SUM adds them up) with the amounts' thousands separators; a value longer than Excel keeps stays exact text (issue 36)", async () => {
    const amounts = {
      name: '金额导出',
      code: 'rpt_amounts',
      cgrSql: 'select role_code, 1234567.5::numeric(14,2) as amount, 3 as n, 12345678901234567.89::numeric(20,2) as big from sys_role',
      columns: [
        { fieldName: 'role_code', fieldTxt: '角色编码', isOrder: true },
        { fieldName: 'amount', fieldTxt: '金额（元）', fieldType: 'Double' },
        { fieldName: 'n', fieldTxt: '数量', fieldType: 'Integer' },
        { fieldName: 'big', fieldTxt: '大额', fieldType: 'Double' },
      ],
    };
    expect(json(await admin('POST', '/online/cgreport/head/add', amounts)).success).toBe(true);
    const id = json(await admin('GET', '/online/cgreport/api/getRpColumns/rpt_amounts')).result.cgRpConfigId;
    // the answer keeps the exact text; the screen formats it
    expect(json(await admin('GET', `/online/cgreport/api/getData/${id}?pageSize=1`)).result.records[0]).toMatchObject({
      amount: '1234567.50',
      n: 3,
      big: '12345678901234567.89',
    });
    const file = await admin('GET', `/online/cgreport/api/exportXls/${id}`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const data = Array.from({ length: sheet.rowCount - 2 }, (_, i) => sheet.getRow(i + 3));
    expect(data).toHaveLength(5);
    for (const row of data) {
      expect(row.getCell(2).value).toBe(1234567.5);
      expect(row.getCell(2).numFmt).toBe('#,##0.00');
      expect(row.getCell(3).value).toBe(3);
      expect(row.getCell(4).value).toBe('12345678901234567.89');
    }
    // what =SUM(B3:B7) adds: every cell is a number
    expect(data.reduce((sum, row) => sum + (row.getCell(2).value as number), 0)).toBe(6172837.5);
  });

  it("the stock configuration and report screens' calls (issue 36): parseSql by GET, item / param listByHeadId, getParamsInfo, getColumnsAndData by id or code, /sys/dataSource/options — behind the same SQL check and run access", async () => {
    const id = json(await admin('GET', '/online/cgreport/api/getRpColumns/rpt_roles')).result.cgRpConfigId as string;
    const parsed = json(await admin('GET', `/online/cgreport/head/parseSql?sql=${encodeURIComponent(body.cgrSql)}&dbKey=`));
    expect(parsed.success, parsed.message).toBe(true);
    expect(parsed.result.fields.map((f: { fieldName: string }) => f.fieldName)).toEqual(['id', 'role_code', 'role_name', 'create_time']);
    expect(parsed.result.fields[3]).toMatchObject({ fieldType: 'Datetime', isShow: 1, isSearch: 0, isOrder: 1 });
    expect(parsed.result.params).toMatchObject([{ paramName: 'kw' }]);
    // the same guard: a table outside the allow-list, a function not allowed, a write
    expect(json(await admin('GET', `/online/cgreport/head/parseSql?sql=${encodeURIComponent('select password from sys_user')}`)).message).toBe(
      ReportMsg.tableDenied('sys_user'),
    );
    expect(json(await admin('GET', `/online/cgreport/head/parseSql?sql=${encodeURIComponent('select pg_sleep(30)')}`)).message).toBe(
      ReportMsg.functionDenied('pg_sleep'),
    );
    expect(json(await admin('GET', `/online/cgreport/head/parseSql?sql=${encodeURIComponent('delete from sys_role')}`)).success).toBe(false);
    expect(json(await staff('GET', `/online/cgreport/head/parseSql?sql=${encodeURIComponent('select 1 as a')}`)).code).toBe(510);

    const items = json(await admin('GET', `/online/cgreport/item/listByHeadId?headId=${id}`)).result;
    expect(items.map((i: { fieldName: string }) => i.fieldName)).toEqual(['id', 'role_code', 'role_name', 'create_time']);
    expect(items[1]).toMatchObject({ fieldTxt: '角色编码', isShow: 1, isSearch: 1, searchMode: 'like', isOrder: 1, id: expect.any(String) });
    expect(json(await admin('GET', `/online/cgreport/param/listByHeadId?headId=${id}`)).result).toMatchObject([{ paramName: 'kw', paramTxt: '关键字' }]);
    expect(json(await staff('GET', `/online/cgreport/item/listByHeadId?headId=${id}`)).code).toBe(510);

    for (const key of [id, 'rpt_roles']) {
      expect(json(await admin('GET', `/online/cgreport/api/getParamsInfo/${key}`)).result).toMatchObject([{ paramName: 'kw' }]);
      const both = json(await admin('GET', `/online/cgreport/api/getColumnsAndData/${key}?pageSize=2&column=role_code&order=asc&self_kw=`)).result;
      expect(both).toMatchObject({ cgreportHeadName: '角色清单', dictOptions: {}, fieldHrefSlots: [], data: { total: 5 } });
      expect(both.data.records).toHaveLength(2);
      expect(both.columns.map((c: { dataIndex: string }) => c.dataIndex)).toEqual(['role_code', 'role_name', 'create_time']);
      // our screen opened at /online/cgreport/<id> (the stock 功能测试 address) finds the report too
      expect(json(await admin('GET', `/online/cgreport/api/getRpColumns/${key}`)).result.cgRpConfigId).toBe(id);
      expect(json(await admin('GET', `/online/cgreport/api/getQueryInfo/${key}`)).result).toHaveLength(3);
    }
    // run access as getData: a user without the report's menu entry is refused, and sorting stays on ticked columns
    expect(json(await customer('GET', `/online/cgreport/api/getColumnsAndData/${id}`)).message).toBe(ReportMsg.noAccess);
    expect(json(await customer('GET', `/online/cgreport/api/getParamsInfo/${id}`)).message).toBe(ReportMsg.noAccess);
    expect(json(await admin('GET', `/online/cgreport/api/getColumnsAndData/${id}?column=create_time`)).message).toBe('不能按字段 create_time 排序');
    expect(json(await admin('GET', '/online/cgreport/api/getColumnsAndData/nope')).message).toBe('实体不存在');

    const options = json(await admin('GET', '/sys/dataSource/options'));
    expect(options.success).toBe(true);
    expect(Array.isArray(options.result)).toBe(true);
    expect(json(await staff('GET', '/sys/dataSource/options')).code).toBe(510);
  });

  it('the stock configuration screen saves with head/add and head/editAll: its items (1 / 0 checkboxes, empty 查询模式, no 排序) and params are kept, through the same SQL check (issue 36)', async () => {
    const stock = {
      code: 'rpt_stock_form',
      name: '原版页面报表',
      cgrSql: "select role_code, role_name, create_time from sys_role where role_name like '%${kw}%'",
      dbSource: '',
      returnValField: '',
      returnType: '1',
      deleteItemIds: '',
      deleteParamIds: '',
      items: [
        {
          fieldName: 'role_code',
          fieldTxt: '角色编码',
          fieldType: 'String',
          isShow: '1',
          isSearch: '1',
          searchMode: 'single',
          dictCode: '',
          fieldHref: '',
          replaceVal: '',
        },
        { fieldName: 'role_name', fieldTxt: '角色名称', fieldType: 'String', isShow: '1', isSearch: '0', searchMode: '', dictCode: '' },
        { fieldName: 'create_time', fieldTxt: '创建时间', fieldType: 'Datetime', isShow: 1, isSearch: 0, searchMode: '' },
      ],
      params: [{ paramName: 'kw', paramTxt: '关键字', paramValue: '' }],
    };
    expect(json(await admin('POST', '/online/cgreport/head/add', { ...stock, cgrSql: 'select password from sys_user' })).message).toBe(
      ReportMsg.tableDenied('sys_user'),
    );
    expect(json(await admin('POST', '/online/cgreport/head/add', stock))).toMatchObject({ success: true });
    const cols = json(await admin('GET', '/online/cgreport/api/getRpColumns/rpt_stock_form')).result;
    expect(cols.columns.map((c: { title: string; sorter?: string }) => [c.title, c.sorter])).toEqual([
      ['角色编码', undefined],
      ['角色名称', undefined],
      ['创建时间', 'true'],
    ]);
    const id = cols.cgRpConfigId as string;
    expect(json(await admin('GET', `/online/cgreport/api/getQueryInfo/${id}`)).result).toEqual([
      { label: '角色编码', field: 'role_code', view: 'string', mode: 'single' },
    ]);
    const edited = { ...stock, id, name: '原版页面报表（改）', items: [{ ...stock.items[0], isShow: '0' }, stock.items[1]] };
    expect(json(await admin('PUT', '/online/cgreport/head/editAll', edited))).toMatchObject({ success: true, message: '编辑成功!' });
    expect(
      json(await admin('GET', `/online/cgreport/item/listByHeadId?headId=${id}`)).result.map((i: { fieldName: string; isShow: number }) => [
        i.fieldName,
        i.isShow,
      ]),
    ).toEqual([
      ['role_code', 0],
      ['role_name', 1],
    ]);
    expect(json(await admin('PUT', '/online/cgreport/head/editAll', { ...edited, cgrSql: 'select pg_sleep(30)' })).message).toBe(
      ReportMsg.functionDenied('pg_sleep'),
    );
    expect(json(await staff('PUT', '/online/cgreport/head/editAll', edited)).code).toBe(510);
  });

  it("the stock screen's own save shape — { head, items, params, deleteItemIds, deleteParamIds } by head/add and head/editAll — is unwrapped; an edit keeps the report's 可用范围 and takes the tables from outside head", async () => {
    const item = (fieldName: string, fieldTxt: string, fieldType = 'String') => ({
      id: `_jet-${fieldName}`,
      fieldName,
      fieldTxt,
      fieldType,
      isShow: '1',
      fieldHref: '',
      searchMode: '',
      replaceVal: '',
      dictCode: '',
      isSearch: '0',
    });
    // what classifyIntoFormData builds: the form (with the list's record on edit) under head
    const head = {
      code: 'rpt_stock_head',
      name: '原版保存格式',
      cgrSql: "select role_code, role_name, create_time from sys_role where role_name like '%${kw}%'",
      dbSource: '',
      returnValField: '',
      returnTxtField: '',
      returnType: '',
      content: '',
    };
    const save = (h: Record<string, unknown>, items: unknown[]) => ({
      head: h,
      items,
      deleteItemIds: '',
      params: [{ id: '_jet-kw', paramName: 'kw', paramTxt: '关键字', paramValue: '' }],
      deleteParamIds: '',
    });
    const added = json(
      await admin(
        'POST',
        '/online/cgreport/head/add',
        save(head, [item('role_code', '角色编码'), item('role_name', '角色名称'), item('create_time', '创建时间', 'Datetime')]),
      ),
    );
    expect(added).toMatchObject({ success: true, message: '添加成功！' });
    const record = json(await admin('GET', '/online/cgreport/head/list?code=rpt_stock_head')).result.records[0];
    expect(record).toMatchObject({ name: '原版保存格式', access: 'menu', dbSource: null, params: [{ paramName: 'kw', paramTxt: '关键字' }] });
    expect(record.columns.map((c: { fieldName: string; isOrder: boolean }) => [c.fieldName, c.isOrder])).toEqual([
      ['role_code', false],
      ['role_name', false],
      ['create_time', true],
    ]);
    // the administrator narrows it on our screen; the stock screen's edit neither widens nor resets that
    expect(json(await admin('PUT', '/online/cgreport/head/edit', { ...record, access: 'staff' })).success).toBe(true);
    const listed = json(await admin('GET', '/online/cgreport/head/list?code=rpt_stock_head')).result.records[0];
    const edited = save({ ...listed, access: 'all', name: '原版保存格式（改）' }, [
      item('role_name', '名称'),
      { ...item('role_code', '编码'), isShow: '0', isSearch: '1' },
    ]);
    expect(json(await admin('PUT', '/online/cgreport/head/editAll', edited))).toMatchObject({ success: true, message: '编辑成功!' });
    const after = json(await admin('GET', `/online/cgreport/head/queryById?id=${record.id}`)).result;
    expect(after).toMatchObject({ name: '原版保存格式（改）', access: 'staff' });
    // the tables come from items / params, not from the stale columns the listed record carried in head
    expect(
      after.columns.map((c: { fieldName: string; fieldTxt: string; isShow: boolean; isSearch: boolean }) => [c.fieldName, c.fieldTxt, c.isShow, c.isSearch]),
    ).toEqual([
      ['role_name', '名称', true, false],
      ['role_code', '编码', false, true],
    ]);
    // the same SQL check and the stock form's reasons in Chinese
    expect(
      json(await admin('PUT', '/online/cgreport/head/editAll', save({ ...listed, cgrSql: 'select password from sys_user' }, [item('password', '密码')])))
        .message,
    ).toBe(ReportMsg.tableDenied('sys_user'));
    expect(
      json(await admin('POST', '/online/cgreport/head/add', save({ ...head, code: 'rpt_stock_head2', name: '' }, [item('role_code', '编码')]))).message,
    ).toContain(ReportMsg.nameRequired);
    expect(json(await admin('POST', '/online/cgreport/head/add', save(head, [item('role_code', '编码')]))).message).toBe(ReportMsg.codeTaken);
    expect(json(await staff('PUT', '/online/cgreport/head/editAll', edited)).code).toBe(510);
  });

  it("the hidden stock route /online/cgreport/:code is in the administrator's menu and opens nothing by itself (issue 36)", async () => {
    const flat = (
      nodes: { path: string; component: string; hidden?: boolean; children?: unknown[] }[],
    ): { path: string; component: string; hidden?: boolean }[] => nodes.flatMap((n) => [n, ...flat((n.children ?? []) as typeof nodes)]);
    const menu = flat(json(await admin('GET', '/sys/permission/getUserPermissionByToken')).result.menu);
    expect(menu.find((n) => n.path === '/online/cgreport/:code')).toMatchObject({
      component: 'modules/online/cgreport/auto/OnlCgreportAutoList',
      hidden: true,
    });
    const [row] = await rows<{ hidden: number }>(t.database.db, sql`select hidden from sys_permission where url = '/online/cgreport/:code'`);
    expect(row.hidden).toBe(1);
  });

  it('who may run: staff for staff reports, menu holders, pickers for all; others are refused', async () => {
    const demo = json(await staff('GET', '/online/cgreport/api/getRpColumns/rpt_batch_summary'));
    expect(demo.success).toBe(true);
    expect(demo.result.dictOptions.status.length).toBeGreaterThan(0);
    expect(json(await customer('GET', '/online/cgreport/api/getRpColumns/rpt_batch_summary')).message).toBe(ReportMsg.noAccess);
    expect(json(await staff('GET', '/online/cgreport/api/getRpColumns/rpt_roles')).message).toBe(ReportMsg.noAccess);
    const picker = json(await customer('GET', '/online/cgreport/api/getRpColumns/pick_my_right'));
    expect(picker.success).toBe(true);
    expect(json(await customer('GET', `/online/cgreport/api/getData/${picker.result.cgRpConfigId}`)).result).toEqual({ total: 0, records: [] });
    expect(json(await admin('GET', '/online/cgreport/api/getRpColumns/nope')).message).toBe('实体不存在');
    for (const r of DEMO_REPORTS) {
      const cols = json(await admin('GET', `/online/cgreport/api/getRpColumns/${r.code}`)).result;
      expect(json(await admin('GET', `/online/cgreport/api/getData/${cols.cgRpConfigId}`)).success, r.code).toBe(true);
    }
  });

  it('添加到菜单 adds a row with the stock list component and the code in its address, granted to the chosen roles', async () => {
    const id = json(await admin('GET', '/online/cgreport/api/getRpColumns/rpt_roles')).result.cgRpConfigId;
    const flat = (nodes: { path: string; component: string; children?: unknown[] }[]): { path: string; component: string }[] =>
      nodes.flatMap((n) => [n, ...flat((n.children ?? []) as typeof nodes)]);
    const menuOf = async (call: typeof admin) => flat(json(await call('GET', '/sys/permission/getUserPermissionByToken')).result.menu);
    const entry = (menu: { path: string }[]) => menu.find((n) => n.path === '/online/cgreport/rpt_roles');
    // the staff user is signed in before the entry exists: its menu has no such entry yet
    expect(entry(await menuOf(staff))).toBeUndefined();
    // no role, or a role that does not exist: refused in words, and nothing is written
    expect(json(await admin('POST', '/online/cgreport/head/addMenu', { id, parentId: 'menu:online', roleIds: [] })).message).toBe(ReportMsg.rolesRequired);
    expect(json(await admin('POST', '/online/cgreport/head/addMenu', { id, parentId: 'menu:online' })).message).toBe(ReportMsg.rolesRequired);
    expect(json(await admin('POST', '/online/cgreport/head/addMenu', { id, parentId: 'menu:online', roleIds: [RoleId.admin, 'no-such-role'] })).message).toBe(
      ReportMsg.roleUnknown,
    );
    expect(entry(await menuOf(admin))).toBeUndefined();
    const [none] = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from sys_permission where url = '/online/cgreport/rpt_roles'`);
    expect(none.n).toBe(0);
    // a staff user may not add menu entries (the configuration screen's permission)
    expect(json(await staff('POST', '/online/cgreport/head/addMenu', { id, parentId: 'menu:online', roleIds: [RoleId.reviewer] })).code).toBe(510);

    const added = json(
      await admin('POST', '/online/cgreport/head/addMenu', { id, parentId: 'menu:online', roleIds: [RoleId.admin, RoleId.reviewer, RoleId.reviewer] }),
    );
    expect(added).toMatchObject({ success: true, message: ReportMsg.menuAdded });
    expect(json(await admin('POST', '/online/cgreport/head/addMenu', { id, parentId: 'menu:online', roleIds: [RoleId.admin] })).message).toBe(
      ReportMsg.menuExists,
    );
    const granted = await rows<{ role_id: string }>(
      t.database.db,
      sql`select role_id from sys_role_permission where permission_id = ${added.result} order by role_id`,
    );
    expect(granted.map((g) => g.role_id).sort()).toEqual([RoleId.admin, RoleId.reviewer].sort());
    expect(entry(await menuOf(admin))).toMatchObject({ component: 'modules/online/cgreport/auto/OnlCgreportAutoList' });
    // the same session, no new sign-in, no restart: the entry is in the staff user's next menu and the report runs for it
    expect(entry(await menuOf(staff))).toMatchObject({ component: 'modules/online/cgreport/auto/OnlCgreportAutoList' });
    expect(json(await staff('GET', `/online/cgreport/api/getData/${id}?pageSize=2`)).result.total).toBe(5);
    // a role not chosen does not get it
    expect(entry(await menuOf(customer))).toBeUndefined();
    expect(json(await customer('GET', `/online/cgreport/api/getData/${id}`)).message).toBe(ReportMsg.noAccess);
    // the staff user still cannot open the configuration screen: no menu entry, and its calls are refused
    expect((await menuOf(staff)).some((n) => n.path === '/online/cgreport')).toBe(false);
    expect(json(await staff('GET', '/online/cgreport/head/list')).code).toBe(510);
    expect(json(await staff('GET', `/online/cgreport/head/queryById?id=${id}`)).code).toBe(510);
  });

  it('the online-form list component reads only a registered table', async () => {
    expect(json(await staff('GET', '/online/cgform/api/getColumns/sys_position')).result).toMatchObject({ code: 'sys_position', name: '职务' });
    expect(json(await staff('GET', '/online/cgform/api/getData/fin_capital_pool?pageSize=5')).success).toBe(true);
    expect(json(await staff('GET', '/online/cgform/api/getData/sys_user')).message).toBe(ReportMsg.formNotFound);
    expect(json(await customer('GET', '/online/cgform/api/getData/sys_position')).message).toBe(ReportMsg.noAccess);
  });

  it.runIf(dbKind === 'postgres')(
    'PostgreSQL: a report running past the timeout is stopped while other requests are served; the role cannot read secrets',
    async () => {
      const id = json(await admin('GET', '/online/cgreport/api/getRpColumns/rpt_roles')).result.cgRpConfigId;
      const slow = { ...body, code: 'rpt_slow', cgrSql: 'select a.id, count(*) as n from rights_batch a, generate_series(1, 100000000) g group by a.id' };
      // generate_series is not allowed: the guard holds; the timeout is shown with a long cross join instead
      expect(json(await admin('POST', '/online/cgreport/head/parseSql', { cgrSql: slow.cgrSql })).message).toBe(ReportMsg.functionDenied('generate_series'));
      const heavy = 'select count(*) as n from sys_dict_item a, sys_dict_item b, sys_dict_item c, sys_dict_item d';
      const started = Date.now();
      const [long, quick] = await Promise.all([
        admin('POST', '/online/cgreport/head/parseSql', { cgrSql: heavy }),
        (async () => {
          await new Promise((r) => setTimeout(r, 300));
          const at = Date.now();
          const res = await admin('GET', `/online/cgreport/api/getData/${id}`);
          return { res, ms: Date.now() - at };
        })(),
      ]);
      expect(json(long).message).toBe(ReportMsg.timeout(4));
      expect(Date.now() - started).toBeLessThan(7_000);
      expect(json(quick.res).success).toBe(true);
      expect(quick.ms).toBeLessThan(2_000);
    },
  );

  it('the report role reads the allow-list and nothing else, on both engines', async () => {
    // a run makes sure of the role and its grants
    expect(json(await admin('POST', '/online/cgreport/head/parseSql', { cgrSql: 'select 1 as n' })).success).toBe(true);
    for (const table of [
      'sys_user',
      'sys_session',
      'sys_sms_code',
      'sys_sms_outbox',
      'sys_third_login_step',
      'sys_third_binding',
      'sys_data_source',
      'sys_data_log',
      'sys_log',
      'sys_role_permission',
    ]) {
      const [grant] = await rows<{ ok: boolean }>(t.database.db, sql`select has_table_privilege(${REPORT_ROLE}, ${`public.${table}`}, 'select') as ok`);
      expect(grant.ok, table).toBe(false);
    }
    for (const table of REPORT_TABLES) {
      const [grant] = await rows<{ ok: boolean }>(t.database.db, sql`select has_table_privilege(${REPORT_ROLE}, ${`public.${table}`}, 'select') as ok`);
      expect(grant.ok, table).toBe(true);
    }
  });

  it('a run leaves nothing in the session for later requests: settings are rolled back, advisory locks released, the connection not reused', async () => {
    // straight to the runner, past the check, as if the check had let such a statement through
    const run = () => runReadOnly(t.database.db, sql`select set_config('work_mem', '77kB', false) as w, pg_advisory_lock(424242) as l`, { timeoutMs: 4000 });
    await run();
    const after = async () => {
      const [setting] = await rows<{ w: string }>(t.database.db, sql`select current_setting('work_mem') as w`);
      const [locks] = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and objid = 424242`);
      return { workMem: setting.w, advisoryLocks: locks.n };
    };
    // every pooled connection (PostgreSQL) or the one session (embedded) is back as it was
    for (let i = 0; i < 12; i++) expect(await after()).toMatchObject({ advisoryLocks: 0 });
    const results = await Promise.all(Array.from({ length: 12 }, after));
    expect(results.every((r) => r.workMem !== '77kB')).toBe(true);
  });

  it.runIf(dbKind === 'pglite')(
    'embedded database: a report the planner expects to be too costly is refused before it runs, and the server keeps answering',
    async () => {
      const heavy = 'select count(*) as n from sys_dict_item a, sys_dict_item b, sys_dict_item c, sys_dict_item d, sys_dict_item e';
      const started = Date.now();
      const answer = json(await admin('POST', '/online/cgreport/head/parseSql', { cgrSql: heavy }));
      expect(answer.success).toBe(false);
      expect(answer.message).toMatch(/^报表查询的预计开销（[\d,]+）超过内置数据库允许的上限（250,000）/);
      expect(Date.now() - started).toBeLessThan(3_000);
      expect((await t.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    },
  );

  it.runIf(pgUp)(
    'issue #26/#25: a report whose 数据源 is a PostgreSQL source runs there (a table only that database has); a MySQL source is refused in words',
    async () => {
      const name = `sbwq_rpt_src_${randomBytes(4).toString('hex')}`;
      const server = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: 'postgres' });
      await server.connect();
      await server.query(`create database ${name}`);
      try {
        const other = new pg.Client({ host: '127.0.0.1', port: 5432, user: 'postgres', database: name });
        await other.connect();
        await other.query("create table probe (n integer, label text); insert into probe values (1, '甲'), (2, '乙'), (3, '丙')");
        await other.end();
        const source = { host: '127.0.0.1', port: 5432, username: 'postgres', databaseName: name };
        expect(
          json(await admin('POST', '/sys/dataSource/add', { name: '报表测试库', code: 'rpt_src', dbType: DataSourceType.postgresql, ...source })).success,
        ).toBe(true);
        expect(
          json(
            await admin('POST', '/sys/dataSource/add', {
              name: '历史库',
              code: 'rpt_maria',
              dbType: DataSourceType.mysql,
              host: '127.0.0.1',
              port: 3306,
              username: 'root',
              databaseName: 'test',
            }),
          ).success,
        ).toBe(true);
        const onSource = {
          name: '外部库',
          code: 'rpt_external',
          dbSource: 'rpt_src',
          cgrSql: 'select n, label from probe',
          params: [],
          columns: [
            { fieldName: 'n', fieldTxt: '序号', isOrder: true },
            { fieldName: 'label', fieldTxt: '名称', isSearch: true },
          ],
        };
        const parsed = json(await admin('POST', '/online/cgreport/head/parseSql', { cgrSql: onSource.cgrSql, dbSource: 'rpt_src' }));
        expect(parsed.result.columns).toMatchObject([
          { fieldName: 'n', fieldType: 'Integer' },
          { fieldName: 'label', fieldType: 'String' },
        ]);
        expect(json(await admin('POST', '/online/cgreport/head/add', onSource)).success).toBe(true);
        const id = json(await admin('GET', '/online/cgreport/api/getRpColumns/rpt_external')).result.cgRpConfigId as string;
        const page = json(await admin('GET', `/online/cgreport/api/getData/${id}?pageSize=2&column=n&order=desc`)).result;
        expect(page).toMatchObject({
          total: 3,
          records: [
            { n: 3, label: '丙' },
            { n: 2, label: '乙' },
          ],
        });
        expect(json(await admin('GET', `/online/cgreport/api/getData/${id}?label=${encodeURIComponent('乙')}`)).result.records).toEqual([
          { n: 2, label: '乙' },
        ]);
        // the same SQL on the main database: no such table
        expect(json(await admin('POST', '/online/cgreport/head/parseSql', { cgrSql: onSource.cgrSql })).success).toBe(false);
        expect(json(await admin('POST', '/online/cgreport/head/add', { ...onSource, code: 'rpt_on_maria', dbSource: 'rpt_maria' })).message).toBe(
          ReportMsg.sourceNotPostgres('历史库'),
        );
        expect(json(await admin('POST', '/online/cgreport/head/add', { ...onSource, code: 'rpt_on_none', dbSource: 'no_such' })).success).toBe(false);
      } finally {
        await server.query(`drop database if exists ${name} with (force)`);
        await server.end();
      }
    },
  );
});

describe(`Online报表 runs are limited per user (REPORT_RUNS_PER_MINUTE) on ${dbKind}`, async () => {
  const t = await createTestApp({ REPORT_RUNS_PER_MINUTE: '3' });
  const admin = t.as(await t.loginAs('admin', ADMIN_PASSWORD));
  const reviewerId = await t.createUser({ username: 'rpt_limit_reviewer', password: 'Reviewer#2026', roleIds: [RoleId.reviewer] });
  const reviewer = t.as(await t.loginAs('rpt_limit_reviewer', 'Reviewer#2026'));
  await seedDemoReports(t.database.db);

  it('解析SQL past the limit is answered 429 in Chinese; another user still runs reports', async () => {
    for (let i = 0; i < 3; i++) expect(json(await admin('POST', '/online/cgreport/head/parseSql', { cgrSql: 'select 1 as n' })).success).toBe(true);
    const over = await admin('POST', '/online/cgreport/head/parseSql', { cgrSql: 'select 1 as n' });
    expect(over.statusCode).toBe(429);
    expect(json(over).message).toBe('请求过于频繁，请稍后再试');
    expect(reviewerId).toBeTruthy();
    const id = json(await reviewer('GET', '/online/cgreport/api/getRpColumns/rpt_batch_summary')).result.cgRpConfigId;
    expect(json(await reviewer('GET', `/online/cgreport/api/getData/${id}`)).success).toBe(true);
  });
});
