import { eq } from 'drizzle-orm';
import { AuditStatus, BATCH_SETTING_DICT, computeExpireDate, SECOND_REVIEW_THRESHOLD_KEY } from '@sbwq/contracts';
import { newId } from '../../../platform/db/ids.ts';
import { RoleId } from '../../../test/harness.ts';
import { sysDict, sysDictItem } from '../../config/dict/dict.table.ts';
import { rightsOrg } from '../../core/org/org.table.ts';
import { rightsRight } from '../right/right.table.ts';
import { certifiedOrg, rightsRig, type OrgUser, type Rig } from '../shared/test-fixtures.ts';

/** A protected right of `org` written straight to the table (the rights module's own tests cover its API). */
export async function approvedRight(rig: Rig, org: OrgUser, n: number, overrides: Partial<typeof rightsRight.$inferInsert> = {}): Promise<string> {
  const db = rig.database.db;
  const [o] = await db.select().from(rightsOrg).where(eq(rightsOrg.id, org.orgId));
  const id = newId();
  const regDate = (overrides.regDate as string | undefined) ?? '2020-05-07';
  await db.insert(rightsRight).values({
    id,
    orgId: org.orgId,
    trademarkName: `星河${n}`,
    regNo: String(40_000_000 + n),
    niceClass: String((n % 45) + 1),
    registrant: '星河品牌股份有限公司',
    regDate,
    expireDate: computeExpireDate(regDate),
    authEndDate: '2099-12-31',
    auditStatus: AuditStatus.approved,
    sysOrgCode: o.sysOrgCode,
    ...overrides,
  });
  return id;
}

export type BatchRig = Awaited<ReturnType<typeof batchRig>>;

/** Two reviewers, finance, two certified agencies with a usable right each, and an active pool (1000.00 a case). */
export async function batchRig(pool: { total?: string; orgCap?: string | null } = {}) {
  const rig = await rightsRig();
  const reviewer = await rig.staff('rev1', [RoleId.reviewer]);
  const reviewer2 = await rig.staff('rev2', [RoleId.reviewer]);
  const finance = await rig.staff('fin1', [RoleId.finance]);
  const a = await certifiedOrg(rig, reviewer.token, 1);
  const b = await certifiedOrg(rig, reviewer.token, 2);
  const rightA = await approvedRight(rig, a, 1);
  const rightB = await approvedRight(rig, b, 2);
  const added = await rig.call(finance.token, 'POST', '/rights/capitalPool/add', {
    poolName: '2026年度商标维权专项资金',
    fundSource: '1',
    poolYear: 2026,
    totalAmount: pool.total ?? '100000',
    subsidyPerCase: '1000',
    orgCap: pool.orgCap === undefined ? '60000' : pool.orgCap,
  });
  if (!added.success) throw new Error(added.message);
  const poolId: string = added.result;
  await rig.call(finance.token, 'PUT', '/rights/capitalPool/enable', { id: poolId });
  const form = (rightIds: string, overrides: Record<string, unknown> = {}) => ({
    batchName: '淘宝假冒星河店铺',
    rightIds,
    infringeType: '1',
    clueSource: '1',
    platform: '1',
    rightsMethod: '1',
    poolId,
    description: '监测发现多家店铺销售假冒商品',
    ...overrides,
  });
  const items = (n: number, from = 0) =>
    Array.from({ length: n }, (_, i) => ({ linkUrl: `https://item.taobao.com/item.htm?id=${1000 + from + i}`, shopName: `店铺${from + i}`, price: '59.90' }));
  /** A batch of `org` with `n` items, as a draft; its id. */
  const draft = async (org: OrgUser, rightId: string, n: number) => {
    const res = await rig.call(org.token, 'POST', '/rights/threaded/add', form(rightId));
    if (!res.success) throw new Error(res.message);
    const saved = await rig.call(org.token, 'POST', '/rights/threaded/item/save', { batchId: res.result, values: items(n), deleteIds: [] });
    if (!saved.success) throw new Error(saved.message);
    return res.result as string;
  };
  const submitted = async (org: OrgUser, rightId: string, n: number) => {
    const id = await draft(org, rightId, n);
    const res = await rig.call(org.token, 'POST', '/rights/threaded/submit', { id });
    if (!res.success) throw new Error(res.message);
    return id;
  };
  /** Every item of `org`'s batch given one result `status`, as the organisation records it in 维权中. */
  const markItems = async (org: OrgUser, id: string, status: string) => {
    const items = (await rig.call(org.token, 'GET', `/rights/threaded/item/list?batchId=${id}&pageSize=100`)).result.records;
    const saved = await rig.call(org.token, 'POST', '/rights/threaded/item/save', {
      batchId: id,
      values: items.map((i: object) => ({ ...i, status })),
      deleteIds: [],
    });
    if (!saved.success) throw new Error(saved.message);
  };
  const setThreshold = async (amount: string) => {
    const [dict] = await rig.database.db.select().from(sysDict).where(eq(sysDict.dictCode, BATCH_SETTING_DICT));
    await rig.database.db.update(sysDictItem).set({ itemText: amount }).where(eq(sysDictItem.dictId, dict.id));
    return SECOND_REVIEW_THRESHOLD_KEY;
  };
  const batch = async (id: string) =>
    (await rig.call(a.token, 'GET', `/rights/threaded/queryById?id=${id}`)).result ??
    (await rig.call(reviewer.token, 'GET', `/rights/threaded/queryById?id=${id}`)).result;
  const poolOf = async () => (await rig.call(finance.token, 'GET', `/rights/capitalPool/queryById?id=${poolId}`)).result;
  return { rig, reviewer, reviewer2, finance, a, b, rightA, rightB, poolId, form, items, draft, submitted, markItems, setThreshold, batch, poolOf };
}
