import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../../platform/db/client.ts';
import { BatchStatus, moneyText, type DataLogRecord } from '@sbwq/contracts';
import { ADMIN_PASSWORD, dbKind, json, RoleId } from '../../../test/harness.ts';
import { appWithDemo } from '../../../test/demo.testkit.ts';
import { sealChain, verifyChain } from '../../core/datalog/datalog-chain.ts';

const UNITS = ['demo:users:v1', 'demo:rights:v1', 'demo:finance-pool:v1', 'demo:threaded:v1', 'demo:finance-claim:v1', 'demo:data-log:v1'];

// Issue #25 数据日志: the demo's business records have versions consistent with their dates, and the chain over them holds.
describe(`数据日志 demo data (SEED_DEMO=1) on ${dbKind}`, async () => {
  const { t, db, applied } = await appWithDemo(UNITS);

  it('every demo batch, claim, pool, organisation, right and bank account has its creation at its creation time, and a later status change when it moved', async () => {
    expect(applied).toEqual(UNITS);
    const [missing] = await rows<{ n: number; late: number; moved: number }>(
      db,
      sql`select
            (select count(*)::int from (select id, create_time from rights_batch union all select id, create_time from fin_claim union all select id, create_time from fin_capital_pool
               union all select id, create_time from rights_org union all select id, create_time from rights_right union all select id, create_time from rights_bank_account) r
              where not exists (select 1 from sys_data_log l where l.data_id = r.id and l.data_version = 1 and l.op = 'add' and l.create_time = r.create_time)) as n,
            (select count(*)::int from sys_data_log l join sys_data_log p on p.data_table = l.data_table and p.data_id = l.data_id and p.data_version = l.data_version - 1
              where l.create_time < p.create_time) as late,
            (select count(*)::int from rights_batch b where b.status <> '1'
              and not exists (select 1 from sys_data_log l where l.data_id = b.id and l.fields ? 'status' and l.new_values->>'status' = b.status)) as moved`,
    );
    expect(missing).toEqual({ n: 0, late: 0, moved: 0 });
    expect(await sealChain(db)).toBeGreaterThan(100);
    expect(await verifyChain(db)).toMatchObject({ ok: true });
  });

  it('version 1 of a demo record holds nothing a later step wrote, its times are Beijing time, and version 2 brings the rest (issue 36)', async () => {
    const [early] = await rows<{ leaked: number; zoned: number }>(
      db,
      sql`select
            (select count(*)::int from sys_data_log l join rights_batch b on b.id = l.data_id
              where l.data_version = 1 and b.status <> '1'
                and (l.data_content->>'firstReviewerName' is not null or l.data_content->>'approvedAmount' is not null and (l.data_content->>'approvedAmount')::numeric <> 0
                     or l.data_content->>'closedTime' is not null or l.data_content->>'submitTime' is not null)) as leaked,
            (select count(*)::int from sys_data_log l, jsonb_each_text(l.data_content) f
              where f.value ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}[ T][0-9]{2}:[0-9]{2}.*([+]00|Z)$') as zoned`,
    );
    expect(early).toEqual({ leaked: 0, zoned: 0 });
    const [closed] = await rows<{ id: string }>(db, sql`select id from rights_batch where closed_time is not null limit 1`);
    const versions = await rows<{ data_version: number; fields: string[] }>(
      db,
      sql`select data_version, fields from sys_data_log where data_id = ${closed.id} order by data_version`,
    );
    expect(versions.map((v) => v.data_version)).toEqual([1, 2]);
    expect(versions[1].fields).toEqual(expect.arrayContaining(['status', 'closedTime']));
  });

  it('a demo batch that moved on names its last step in 更新人 / 更新时间, as the live flow writes them (a returned batch showed 更新时间 -)', async () => {
    const [wrong] = await rows<{ batches: number; returned: number; returnedByReviewer: number }>(
      db,
      sql`select
            (select count(*)::int from rights_batch where status <> ${BatchStatus.draft} and (update_time is null or update_by is null or update_time < submit_time)) as batches,
            (select count(*)::int from rights_batch where status = ${BatchStatus.returned}) as returned,
            (select count(*)::int from rights_batch b join sys_user u on u.username = b.update_by join sys_user_role ur on ur.user_id = u.id
              where b.status = ${BatchStatus.returned} and ur.role_id = ${RoleId.reviewer}) as "returnedByReviewer"`,
    );
    expect(wrong.batches).toBe(0);
    expect(wrong.returned).toBeGreaterThan(0);
    expect(wrong.returnedByReviewer).toBe(wrong.returned);
  });

  it('a version is shown in words: 批次编号 first, status and types as dictionary text, people by name, no ids or storage paths, Beijing time; the stock compare gets it as JSON text (issue 36)', async () => {
    const admin = await t.loginAs('admin', ADMIN_PASSWORD);
    const [batch] = await rows<{ id: string; batch_no: string; apply_amount: string }>(
      db,
      sql`select id, batch_no, apply_amount::text from rights_batch where closed_time is not null and apply_amount >= 1000 limit 1`,
    );
    const versions = json(await t.request(admin, 'GET', `/sys/dataLog/queryDataVerList?dataTable=rights_batch&dataId=${batch.id}`)).result as DataLogRecord[];
    expect(versions.map((v) => v.dataTitle)).toEqual([batch.batch_no, batch.batch_no]);
    const [first, second] = versions;
    expect(second.display.slice(0, 3).map((f) => f.label)).toEqual(['批次编号', '批次名称', '状态']);
    const text = (v: DataLogRecord, label: string) => v.display.find((f) => f.label === label)?.text;
    expect(text(first, '状态')).toBe('草稿');
    expect(text(second, '状态')).toBe('已结案');
    // amounts as every other screen shows money: 3,000.00, not 3000.00
    expect(text(first, '申请金额')).toBe(moneyText(batch.apply_amount));
    expect(text(first, '申请金额')).toContain(',');
    const labels = second.display.map((f) => f.label);
    for (const hidden of ['ID', '机构ID', '资金池ID', '涉及权利ID', '初审人ID', '删除标记']) expect(labels).not.toContain(hidden);
    const all = JSON.stringify(versions.map((v) => v.display));
    expect(all).not.toMatch(/biz\/\d{8}\/|\+00|[0-9a-f]{32}/);
    expect(text(second, '创建人')).not.toMatch(/^[a-z0-9]+$/);

    const compared = json(await t.request(admin, 'GET', `/sys/dataLog/queryCompareList?dataId1=${second.id}&dataId2=${first.id}`));
    expect(compared.success).toBe(true);
    const [older, newer] = compared.result as { dataVersion: number; dataContent: string }[];
    expect([older.dataVersion, newer.dataVersion]).toEqual([1, 2]);
    expect(Object.keys(JSON.parse(newer.dataContent)).slice(0, 3)).toEqual(['批次编号', '批次名称', '状态']);
    expect(JSON.parse(newer.dataContent)['状态']).toBe('已结案');
  });

  it('the 数据日志 list names each record by its business number', async () => {
    const admin = await t.loginAs('admin', ADMIN_PASSWORD);
    const page = json(await t.request(admin, 'GET', '/sys/dataLog/list?dataTable=fin_claim&pageSize=5')).result as { records: DataLogRecord[] };
    expect(page.records.length).toBeGreaterThan(0);
    for (const r of page.records) expect(r.dataTitle).toMatch(/^[A-Z]{2}\d+/);
  });

  it('a batch item is named by its batch\'s 批次编号 and its place — an item row holds only the batch id, and "第 1 条" alone named one in every batch', async () => {
    const admin = await t.loginAs('admin', ADMIN_PASSWORD);
    const page = json(await t.request(admin, 'GET', '/sys/dataLog/list?dataTable=rights_batch_item&pageSize=5')).result as { records: DataLogRecord[] };
    expect(page.records.length).toBeGreaterThan(0);
    const [item] = await rows<{ seq: number; batch_no: string }>(
      db,
      sql`select i.seq, b.batch_no from rights_batch_item i join rights_batch b on b.id = i.batch_id where i.id = ${page.records[0].dataId}`,
    );
    expect(page.records[0].dataTitle).toBe(`${item.batch_no} 第 ${item.seq} 条`);
    // entered by the batch's own author, not "system"
    const authors = await rows<{ item: string | null; batch: string | null }>(
      db,
      sql`select l.create_by as item, b.create_by as batch from sys_data_log l join rights_batch_item i on i.id = l.data_id join rights_batch b on b.id = i.batch_id
          where l.data_table = 'rights_batch_item' and l.data_version = 1`,
    );
    expect(authors.length).toBeGreaterThan(0);
    expect(authors.filter((a) => a.item !== a.batch)).toEqual([]);
    for (const r of page.records) {
      expect(r.dataTitle).toMatch(/^XS\d+ 第 \d+ 条$/);
      expect(r.display[0]).toMatchObject({ label: '批次编号', text: r.dataTitle!.split(' ')[0] });
    }
  });
});
