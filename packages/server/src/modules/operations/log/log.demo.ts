import { sql } from 'drizzle-orm';
import {
  bankFlow,
  bankResource,
  batchFlow,
  batchResource,
  claimFlow,
  claimResource,
  LogType,
  OperateType,
  orgCertifyFlow,
  orgFlow,
  orgResource,
  rightFlow,
  rightResource,
} from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { sysLog } from './log.table.ts';
import { operationContent, plainAction } from './operation-log.ts';

const API = '/jeecg-boot';
const MINUTE = 60_000;

/** Where each demo account signs in from: the association's office network, the members' own. */
const PLACES: Record<string, { ip: string; ua: string }> = {
  admin: { ip: '192.168.10.2', ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' },
  reviewer: {
    ip: '192.168.10.21',
    ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  },
  finance: { ip: '192.168.10.35', ua: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36' },
};
const placeOf = (username: string, i: number) =>
  PLACES[username] ?? {
    ip: `183.14.${20 + ((username.length * 7 + i) % 200)}.${10 + ((i * 31) % 230)}`,
    ua: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Safari/605.1.15',
  };

type Declared = { basePath: string; actions: Record<string, { path: string; permission?: string; summary?: string }> };
/** An action as its flow declares it: the address, the permission code and the summary the hook would log. */
const actionOf = (flow: Declared, key: string, tag: string) => {
  const a = flow.actions[key];
  return { path: `${flow.basePath}/${a.path}`, perm: a.permission ?? 'signedIn', summary: `${tag}-${plainAction(a.summary ?? key)}` };
};

/** rights_approval.biz_type (dictionary approval_biz_type) → the action that recorded it; 报销 by its node. */
const decisionOf = (bizType: string, node: string) =>
  (<Record<string, () => ReturnType<typeof actionOf>>>{
    '1': () => actionOf(orgFlow, 'approveEnrol', orgResource.entity),
    '2': () => actionOf(orgCertifyFlow, 'approveCertify', orgResource.entity),
    '3': () => actionOf(rightFlow, 'approve', rightResource.entity),
    '4': () => actionOf(batchFlow, 'review', batchResource.entity),
    '5': () => actionOf(batchFlow, 'closureReview', batchResource.entity),
    '6': () => actionOf(claimFlow, node === '3' ? 'financeReview' : 'bizReview', claimResource.entity),
    '7': () => actionOf(bankFlow, 'approve', bankResource.entity),
  })[bizType]?.();
const RESULT = { '1': 'pass', '2': 'reject', '3': 'returned' } as Record<string, string>;
/** The decision as the entry says it: 报销 returns for invoices, a batch for corrections (approval_result). */
const resultText = (bizType: string, result: string) =>
  result === '1' ? '通过' : result === '2' ? '驳回' : result === '3' ? (bizType === '6' ? '退回补充发票' : bizType === '4' ? '退回补正' : '退回') : '';

type Act = { at: Date; username: string; realname: string; content: string; path: string; perm: string; operateType: number | null; param: object };

/**
 * Demo 系统日志 (SEED_DEMO): what the demo's own records say happened — every approval decision, every
 * batch and claim created — as operation entries by the users who did it, at the times recorded,
 * each day's work preceded by that user's sign-in, with a few mistyped passwords. Runs after the
 * business demo, so every entry names a record that exists.
 */
export async function seedLogDemo(db: Db): Promise<number> {
  const acts: Act[] = [];
  const decisions = await rows<{
    biz_type: string;
    biz_id: string;
    biz_title: string | null;
    node: string;
    result: string;
    opinion: string | null;
    at: Date | string;
    username: string;
    realname: string;
  }>(
    db,
    sql`select a.biz_type, a.biz_id, a.biz_title, a.node, a.result, a.opinion, a.approve_time as at, u.username, u.realname
          from rights_approval a join sys_user u on u.id = a.approver_id`,
  );
  for (const d of decisions) {
    const action = decisionOf(d.biz_type, d.node);
    if (!action) continue;
    acts.push({
      at: new Date(d.at),
      username: d.username,
      realname: d.realname,
      content: operationContent(action.summary, d.biz_title ? [d.biz_title] : [], resultText(d.biz_type, d.result)),
      path: action.path,
      perm: action.perm,
      operateType: OperateType.edit,
      param: { id: d.biz_id, result: RESULT[d.result] ?? d.result, ...(d.opinion ? { opinion: d.opinion } : {}) },
    });
  }
  // named by number and name, as the live log names them
  const created = await rows<{ kind: string; no: string; label: string; at: Date | string; username: string; realname: string }>(
    db,
    sql`select 'batch' as kind, b.batch_no as no, b.batch_no || ' ' || b.batch_name as label, b.create_time as at, u.username, u.realname
          from rights_batch b join sys_user u on u.username = b.create_by where b.create_time is not null
        union all
        select 'claim', c.claim_no, c.claim_no || ' ' || c.org_name, c.create_time, u.username, u.realname
          from fin_claim c join sys_user u on u.username = c.create_by where c.create_time is not null`,
  );
  for (const c of created) {
    const batch = c.kind === 'batch';
    const resource = batch ? batchResource : claimResource;
    acts.push({
      at: new Date(c.at),
      username: c.username,
      realname: c.realname,
      content: operationContent(`${resource.entity}-新增${resource.entity}`, [c.label]),
      path: `${resource.basePath}/add`,
      perm: resource.perm.add ?? 'signedIn',
      operateType: OperateType.add,
      param: batch ? { batchNo: c.no } : { claimNo: c.no },
    });
  }
  acts.sort((a, b) => a.at.getTime() - b.at.getTime());

  const entries: (typeof sysLog.$inferInsert)[] = [];
  const signedInOn = new Set<string>();
  for (const [i, act] of acts.entries()) {
    const place = placeOf(act.username, i);
    // One sign-in per user and China day, a little before that day's first action.
    const day = `${act.username}:${new Date(act.at.getTime() + 8 * 3600_000).toISOString().slice(0, 10)}`;
    if (!signedInOn.has(day)) {
      signedInOn.add(day);
      const loginAt = new Date(act.at.getTime() - (3 + ((i * 17) % 40)) * MINUTE);
      if (i % 11 === 3) entries.push(login(`用户名: ${act.username},登录失败！用户名或密码错误`, act, place, new Date(loginAt.getTime() - MINUTE)));
      entries.push(login(`用户名: ${act.username},登录成功！`, act, place, loginAt));
    }
    entries.push({
      id: newId(),
      logType: LogType.operation,
      logContent: act.content,
      operateType: act.operateType,
      userid: act.username,
      username: act.realname,
      ip: place.ip,
      userAgent: place.ua,
      method: `${API}${act.path}`,
      requestUrl: `${API}${act.path}`,
      requestParam: JSON.stringify(act.param),
      requestType: 'POST',
      costTime: 18 + ((i * 37) % 160),
      permissionCode: act.perm,
      statusCode: 200,
      success: true,
      createBy: act.username.slice(0, 32),
      createTime: act.at,
    });
  }
  for (let i = 0; i < entries.length; i += 500) await db.insert(sysLog).values(entries.slice(i, i + 500));
  return entries.length;
}

function login(content: string, act: Act, place: { ip: string; ua: string }, at: Date): typeof sysLog.$inferInsert {
  return {
    id: newId(),
    logType: LogType.login,
    logContent: content,
    userid: act.username,
    username: act.realname,
    ip: place.ip,
    userAgent: place.ua,
    requestUrl: `${API}/sys/login`,
    requestType: 'POST',
    createBy: act.username.slice(0, 32),
    createTime: at,
  };
}
