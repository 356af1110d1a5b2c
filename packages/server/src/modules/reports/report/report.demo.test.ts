import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BATCH_STATUS_VALUES } from '@sbwq/contracts';
import { runSeeds } from '../../../seed/seed.ts';
import { sysSeed } from '../../../seed/seed.table.ts';
import { ADMIN_PASSWORD, createTestApp, dbKind, json } from '../../../test/harness.ts';

const UNITS = ['demo:users:v1', 'demo:rights:v1', 'demo:finance-pool:v1', 'demo:threaded:v1', 'demo:finance-claim:v1', 'demo:reports:v1'];

describe(`Online报表 demo reports (SEED_DEMO=1) agree with the business screens on ${dbKind}`, async () => {
  const t = await createTestApp();
  await t.database.db.delete(sysSeed).where(inArray(sysSeed.key, UNITS));
  await runSeeds(t.database.db, { adminPassword: null, seedDemo: true, announce: () => undefined });
  const admin = t.as(await t.loginAs('admin', ADMIN_PASSWORD));
  const report = async (code: string, query = '') => {
    const id = json(await admin('GET', `/online/cgreport/api/getRpColumns/${code}`)).result.cgRpConfigId as string;
    return json(await admin('GET', `/online/cgreport/api/getData/${id}?pageSize=1000${query}`)).result as { total: number; records: Record<string, unknown>[] };
  };

  it("线索批次汇总: per status, the number of batches the staff's 线索批次 list shows (organisations' drafts are theirs alone)", async () => {
    const summary = await report('rpt_batch_summary');
    for (const status of BATCH_STATUS_VALUES) {
      const listed = json(await admin('GET', `/rights/threaded/list?status=${status}&pageSize=1`)).result.total as number;
      expect(Number(summary.records.find((r) => r.status === status)?.batch_count ?? 0), `status ${status}`).toBe(listed);
    }
  });

  it('机构申请统计: each organisation’s submitted batches are the 线索批次 list’s for that organisation, drafts left out', async () => {
    const byOrg = await report('rpt_org_apply');
    expect(byOrg.total).toBeGreaterThan(0);
    for (const row of byOrg.records.slice(0, 3)) {
      const all = json(await admin('GET', `/rights/threaded/list?orgName=${encodeURIComponent(String(row.org_name))}&pageSize=1`)).result.total as number;
      const drafts = json(await admin('GET', `/rights/threaded/list?orgName=${encodeURIComponent(String(row.org_name))}&status=1&pageSize=1`)).result
        .total as number;
      expect(Number(row.batch_count)).toBe(all - drafts);
    }
  });

  it('资金池流水: the rows of the 资金池日志 list, amounts exact', async () => {
    const flow = await report('rpt_pool_flow');
    const log = json(await admin('GET', '/rights/capitalPoolLog/list?pageSize=1')).result;
    expect(flow.total).toBe(log.total);
    expect(flow.records.every((r) => /^\d+\.\d{2}$/.test(String(r.amount)))).toBe(true);
  });
});
