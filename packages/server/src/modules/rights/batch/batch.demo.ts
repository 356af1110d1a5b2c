import { and, eq, sql } from 'drizzle-orm';
import {
  ApprovalBizType,
  ApprovalNode,
  ApprovalResult,
  AuditStatus,
  BatchStatus,
  CertifyStatus,
  chinaToday,
  EnterStatus,
  fromCents,
  ItemStatus,
  moneyText,
  PoolStatus,
  rightFlags,
  toCents,
} from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { finCapitalPool } from '../../core/ledger/pool.table.ts';
import { nextCode } from '../../config/fill-rule/fill-rule.service.ts';
import { rightsApproval } from '../../core/approval/approval.table.ts';
import { rightsOrg } from '../../core/org/org.table.ts';
import { rightsRight } from '../right/right.table.ts';
import { closureOutcome } from './batch-flow.service.ts';
import { rightsBatch, rightsBatchItem, rightsBatchLog, rightsBatchProgress } from '../../core/tables/batch.table.ts';

type Who = { id: string; username: string; realname: string };
const S = BatchStatus;
/** The demo's walk through the flow: each entry one batch, in the state it stops at (the first round of 34). */
const ROUND: string[] = [
  S.draft,
  S.draft,
  S.pending,
  S.pending,
  S.pending,
  S.secondReview,
  S.toEnforce,
  S.toEnforce,
  S.enforcing,
  S.enforcing,
  S.enforcing,
  S.enforcing,
  S.closurePending,
  S.closurePending,
  S.closed,
  S.closed,
  S.closed,
  S.closed,
  S.closed,
  S.rejected,
  S.rejected,
  S.withdrawn,
  S.withdrawn,
  S.returned,
  S.returned,
  S.pending,
  S.enforcing,
  S.closed,
  S.closed,
  S.toEnforce,
  S.closurePending,
  S.closed,
  S.pending,
  S.draft,
];
/** DOMAIN demo size: a few hundred batches, seven rounds of the walk. */
const PLAN: string[] = Array.from({ length: 7 }, () => ROUND).flat();
/** Batches not yet handed over or still under review are recent; the others started long enough ago to have finished. */
const EARLY: string[] = [S.draft, S.pending, S.secondReview, S.returned];
/** The fewest days a batch needs to reach its state (approval on day 3, start on 4, closure applied on 20, closed on 22). */
const MIN_AGE: Record<string, number> = { [S.toEnforce]: 4, [S.enforcing]: 6, [S.closurePending]: 21, [S.closed]: 23, [S.rejected]: 3, [S.withdrawn]: 6 };
/** The oldest batch starts inside the active pool's year, after its opening deposits (pool.demo.ts), so that every freeze is funded. */
const OLDEST = 309;
// spread over the year up to the last days, so that the pool moves every week as a live one does
const daysAgo = (i: number, status: string) => (EARLY.includes(status) ? 2 + ((i * 13) % 40) : MIN_AGE[status] + ((i * 37) % (OLDEST - MIN_AGE[status])));
/**
 * How 20 judged items of a batch end, by 维权方式 (1 平台投诉 … 5 律师函): [成功, 失败], the rest 不构成侵权.
 * Platforms take listings down most readily; a lawyer's letter is the easiest to ignore.
 */
const OUTCOME_MIX: Record<string, readonly [success: number, failed: number]> = { '1': [14, 4], '2': [12, 5], '3': [11, 6], '4': [9, 7], '5': [8, 8] };
/** The n-th judged item of a 维权方式 (from 1): stepping by 7 through 20 slots deals out each mix exactly every 20 items. */
function judged(method: string, n: number): string {
  const [success, failed] = OUTCOME_MIX[method];
  const slot = (n * 7) % 20;
  return slot < success ? ItemStatus.success : slot < success + failed ? ItemStatus.failed : ItemStatus.notInfringing;
}
const NAMES = [
  '淘宝假冒店铺集中投诉',
  '拼多多近似商标商品',
  '抖音直播间售假',
  '京东第三方店铺侵权',
  '1688批发商标识侵权',
  '线下批发市场售假',
  '天猫店铺名称侵权',
  '关键词滥用链接清理',
];
const SHOPS = ['潮流优选', '品质生活馆', '名品折扣', '优购精选', '特价工厂店', '旗舰直营', '好物集合', '尚品汇'];
const CITIES = ['浙江义乌', '广东广州', '福建莆田', '江苏苏州', '河北石家庄', '山东临沂'];
const DOMAINS = [
  'https://item.taobao.com/item.htm?id=',
  'https://mobile.yangkeduo.com/goods.html?goods_id=',
  'https://haohuo.jinritemai.com/views/product/item2?id=',
  'https://item.jd.com/',
  'https://detail.1688.com/offer/',
  'https://www.example-market.cn/stall/',
  'https://detail.tmall.com/item.htm?id=',
];

/**
 * 线索批次演示数据 (SEED_DEMO): a few hundred batches of the enrolled and certified organisations in
 * every state, with items, progress, logs and approval records, against the active pool; no organisation
 * holds more than the pool's 单机构上限 (a batch that would is left 待审核). The money their approvals,
 * withdrawals and closures move is booked by the claim demo (claim.demo.ts), together with the claims'
 * payments, in the order the events happened: the ledger is append-only and numbered, so a later unit
 * could not book an earlier event.
 */
export async function seedBatchDemo(db: Db): Promise<void> {
  const [{ n }] = await rows<{ n: number }>(db, sql`select count(*)::int as n from rights_batch`);
  if (n > 0) return;
  const [pool] = await db.select().from(finCapitalPool).where(eq(finCapitalPool.status, PoolStatus.active)).limit(1);
  const [reviewer] = await rows<Who>(
    db,
    sql`select id, username, realname from sys_user where username in ('reviewer', 'admin') order by username = 'reviewer' desc limit 1`,
  );
  if (!pool || !reviewer || !pool.subsidyPerCase) return;
  const today = chinaToday();
  const orgs = await db
    .select()
    .from(rightsOrg)
    .where(and(eq(rightsOrg.enterStatus, EnterStatus.enrolled), eq(rightsOrg.certifyStatus, CertifyStatus.certified)));
  const usable: { org: (typeof orgs)[number]; rights: (typeof rightsRight.$inferSelect)[] }[] = [];
  for (const org of orgs) {
    const rights = (
      await db
        .select()
        .from(rightsRight)
        .where(and(eq(rightsRight.orgId, org.id), eq(rightsRight.auditStatus, AuditStatus.approved), eq(rightsRight.delFlag, '0')))
    ).filter((r) => {
      const f = rightFlags(r.expireDate, r.authEndDate, today);
      return !f.expired && !f.authExpired;
    });
    if (rights.length) usable.push({ org, rights });
  }
  if (!usable.length) return;
  const subsidy = toCents(pool.subsidyPerCase);
  const now = Date.now();
  const day = 86_400_000;
  const hour = 3_600_000;
  const minute = 60_000;
  const batches: (typeof rightsBatch.$inferInsert)[] = [];
  const items: (typeof rightsBatchItem.$inferInsert)[] = [];
  const progress: (typeof rightsBatchProgress.$inferInsert)[] = [];
  const logs: (typeof rightsBatchLog.$inferInsert)[] = [];
  const approvals: (typeof rightsApproval.$inferInsert)[] = [];

  const submitters = new Map<string, { id: string; username: string } | undefined>();
  const cap = pool.orgCap === null ? null : toCents(pool.orgCap);
  const held = new Map<string, bigint>();
  const judgedSoFar = new Map<string, number>();
  const nextJudged = (method: string) => {
    const n = (judgedSoFar.get(method) ?? 0) + 1;
    judgedSoFar.set(method, n);
    return judged(method, n);
  };
  // Numbers follow the creation dates, as the fill rule gives them.
  const order = PLAN.map((status, i) => ({ status, i, ago: daysAgo(i, status) })).sort((a, b) => b.ago - a.ago || a.i - b.i);
  for (const { i, ago, status: planned } of order) {
    const { org, rights } = usable[i % usable.length];
    if (!submitters.has(org.id)) {
      const [found] = await rows<{ id: string; username: string }>(
        db,
        sql`select id, username from sys_user where org_code = ${org.sysOrgCode} order by create_time limit 1`,
      );
      submitters.set(org.id, found);
    }
    const submitter = submitters.get(org.id);
    const id = newId();
    // within a China working day (09:00–17:00), not all at the moment the seed ran
    const chinaDay = Math.floor((now - ago * day + 8 * hour) / day) * day - 8 * hour;
    const created = new Date(chinaDay + 9 * hour + ((i * 53) % 480) * minute);
    const batchNo = await nextCode(db, 'threaded_code', created);
    const count = planned === S.secondReview ? 18 : i < ROUND.length ? 2 + (i % 6) : 1 + (i % 4);
    const apply = BigInt(count) * subsidy;
    const holds = ([S.toEnforce, S.enforcing, S.closurePending, S.closed] as string[]).includes(planned);
    const status = holds && cap !== null && (held.get(org.id) ?? 0n) + apply > cap ? S.pending : planned;
    const submitted = status !== S.draft;
    const approved = ([S.toEnforce, S.enforcing, S.closurePending, S.closed] as string[]).includes(status) || (status === S.withdrawn && i % 2 === 0);
    const approvedCents = approved ? apply - (i % 3 === 0 ? subsidy / 2n : 0n) : null;
    // later steps some hours into their day, in order, and never after the seed ran
    const at = (days: number) =>
      days === 0 ? created : new Date(Math.min(created.getTime() + days * day + ((i * 29 + days * 47) % 300) * minute, now - (400 - days) * minute));
    const closureApplied = ([S.closurePending, S.closed] as string[]).includes(status);
    const rightsMethod = String((i % 5) + 1);
    const itemStatus = (k: number) =>
      closureApplied
        ? nextJudged(rightsMethod)
        : status === S.enforcing
          ? [ItemStatus.handling, ItemStatus.success, ItemStatus.waiting][k % 3]
          : ItemStatus.waiting;
    const statuses = Array.from({ length: count }, (_, k) => itemStatus(k));
    // Some small closed batches have no successful item: their frozen amount goes back to the pool.
    if (status === S.closed && i % 7 === 4 && count <= 2) statuses.fill(ItemStatus.failed);
    const counts = statuses.reduce<Record<string, number>>((m, st) => ({ ...m, [st]: (m[st] ?? 0) + 1 }), {});
    const outcome = closureApplied ? closureOutcome(counts) : null;
    const right = rights[i % rights.length];
    const releasesAll = status === S.withdrawn || (status === S.closed && outcome?.successCount === 0);
    if (approvedCents !== null && !releasesAll) held.set(org.id, (held.get(org.id) ?? 0n) + approvedCents);
    batches.push({
      id,
      batchNo,
      batchName: `${right.trademarkName}${NAMES[i % NAMES.length]}`,
      orgId: org.id,
      orgName: org.orgName,
      rightIds: right.id,
      rightNames: `${right.trademarkName}（第${right.niceClass}类 ${right.regNo}）`,
      infringeType: String((i % 5) + 1),
      clueSource: String((i % 6) + 1),
      platform: String((i % 7) + 1),
      rightsMethod,
      description: '日常监测发现的侵权线索，已完成截图取证',
      itemCount: count,
      applyAmount: fromCents(apply),
      approvedAmount: approvedCents === null ? null : fromCents(approvedCents),
      releasedAmount: approvedCents !== null && releasesAll ? fromCents(approvedCents) : '0',
      poolId: pool.id,
      poolName: pool.poolName,
      status,
      submitBy: submitted ? (submitter?.id ?? null) : null,
      submitTime: submitted ? at(1) : null,
      firstReviewerId: approved || status === S.secondReview ? reviewer.id : null,
      firstReviewerName: approved || status === S.secondReview ? reviewer.realname : null,
      approveTime: approved ? at(3) : null,
      auditOpinion: status === S.rejected ? '证据不足，无法认定侵权' : status === S.returned ? '请补充侵权商品购买公证材料' : approved ? '同意' : null,
      startTime: ([S.enforcing, S.closurePending, S.closed] as string[]).includes(status) ? at(4) : null,
      closureSummary: closureApplied ? '各线索已处理完毕，详见明细处理结果' : null,
      closureApplyTime: closureApplied ? at(20) : null,
      closedTime: status === S.closed ? at(22) : null,
      ...outcome,
      sysOrgCode: org.sysOrgCode,
      createBy: submitter?.username ?? 'system',
      createTime: created,
    });
    for (let k = 0; k < count; k++) {
      const st = statuses[k];
      items.push({
        id: newId(),
        batchId: id,
        seq: k + 1,
        linkUrl: `${DOMAINS[i % DOMAINS.length]}${6_000_000 + i * 100 + k}`,
        shopName: `${SHOPS[(i + k) % SHOPS.length]}${k + 1}店`,
        operator: `${['王', '李', '陈', '刘'][k % 4]}某`,
        location: CITIES[(i + k) % CITIES.length],
        goodsName: `${right.trademarkName}同款商品`,
        price: `${39 + ((i * 7 + k * 13) % 300)}.90`,
        status: st,
        complaintNo: st === ItemStatus.success || st === ItemStatus.failed ? `TS${batchNo.slice(2)}${k + 1}` : null,
        handleTime: st === ItemStatus.success || st === ItemStatus.failed ? at(15).toISOString().slice(0, 10) : null,
        // entered with the batch, by whoever entered it (数据日志 named "system" as the items' author)
        createBy: submitter?.username ?? 'system',
        createTime: created,
      });
    }
    // each step after the creation is the record's last change, as the live flow writes 更新人 / 更新时间
    const touched = (days: number, by: string) => {
      const row = batches.at(-1)!;
      if (days > 0 && (!row.updateTime || at(days) >= row.updateTime)) Object.assign(row, { updateBy: by.slice(0, 32), updateTime: at(days) });
    };
    const log = (days: number, action: string, detail: string | null, by = submitter?.username ?? 'system', name = org.orgName) => {
      touched(days, by);
      logs.push({ id: newId(), batchId: id, action, detail, operatorName: name, createBy: by, createTime: at(days) });
    };
    const decision = (days: number, node: string, result: string, opinion: string | null, bizType: string = ApprovalBizType.threaded) => {
      touched(days, reviewer.username);
      approvals.push({
        id: newId(),
        bizType,
        bizId: id,
        bizTitle: `${batchNo} ${batches.at(-1)!.batchName}`,
        node,
        result,
        opinion,
        approverId: reviewer.id,
        approverName: reviewer.realname,
        approveTime: at(days),
        orgId: org.id,
        sysOrgCode: org.sysOrgCode,
        createBy: reviewer.username,
        createTime: at(days),
      });
    };
    log(0, '新增', `批次编号 ${batchNo}`);
    if (submitted) log(1, '提交审核', `线索数量 ${count}，申请金额 ${moneyText(apply)} 元`);
    if (status === S.rejected) decision(2, ApprovalNode.first, ApprovalResult.reject, '证据不足，无法认定侵权');
    if (status === S.returned) decision(2, ApprovalNode.first, ApprovalResult.returned, '请补充侵权商品购买公证材料');
    if (status === S.secondReview) decision(2, ApprovalNode.first, ApprovalResult.pass, '申请金额较大，提交复审');
    if (approved) {
      decision(3, ApprovalNode.first, ApprovalResult.pass, '同意');
      log(
        3,
        '审核',
        `初审：审核通过，核定金额 ${moneyText(approvedCents!)} 元已冻结${approvedCents === apply ? '' : `（申请金额 ${moneyText(apply)} 元）`}`,
        reviewer.username,
        reviewer.realname,
      );
    }
    if (status === S.withdrawn) log(5, '撤销', `撤销原因：权利人已与侵权方和解${approved ? `；解冻 ${moneyText(approvedCents!)} 元` : ''}`);
    if (batches.at(-1)!.startTime) {
      log(4, '开始维权', null);
      const nodes = ['1', '2', '3', '4', '12'];
      for (const [k, node] of nodes.slice(0, status === S.enforcing ? 3 : 5).entries()) {
        progress.push({
          id: newId(),
          batchId: id,
          node,
          progressDate: at(5 + k * 3)
            .toISOString()
            .slice(0, 10),
          description: ['已受理线索，安排取证', '完成公证购买取证', '已向平台提交投诉', '平台已处理下架', '全部线索处理完毕'][k],
          createByName: org.orgName,
          createBy: submitter?.username ?? 'system',
          createTime: at(5 + k * 3),
        });
      }
    }
    if (closureApplied) log(20, '申请结案', `成功 ${outcome!.successCount}，失败 ${outcome!.failedCount}，成功率 ${outcome!.successRate ?? '—'}%`);
    if (status === S.closed) {
      decision(22, ApprovalNode.first, ApprovalResult.pass, '同意结案', ApprovalBizType.closure);
      log(
        22,
        '结案审核',
        `结案审核通过${releasesAll ? `；无成功线索，解冻 ${moneyText(approvedCents!)} 元` : ''}；意见：同意结案`,
        reviewer.username,
        reviewer.realname,
      );
    }
  }

  const chunk = async <T>(list: T[], insert: (part: T[]) => Promise<unknown>) => {
    for (let i = 0; i < list.length; i += 400) await insert(list.slice(i, i + 400));
  };
  await chunk(batches, (p) => db.insert(rightsBatch).values(p));
  await chunk(items, (p) => db.insert(rightsBatchItem).values(p));
  await chunk(progress, (p) => db.insert(rightsBatchProgress).values(p));
  await chunk(logs, (p) => db.insert(rightsBatchLog).values(p));
  await chunk(approvals, (p) => db.insert(rightsApproval).values(p));
}
