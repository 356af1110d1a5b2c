import { eq, sql, type SQL } from 'drizzle-orm';
import { pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import {
  ApprovalResult,
  BankPerm,
  BatchPerm,
  ClaimPerm,
  OrgPerm,
  RightPerm,
  RightsMsg,
  type ApprovalRecord,
  type ApprovalTodo,
  type Page,
} from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { formatDateTime, withDateTexts } from '../../../platform/db/time.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { hasPermission } from '../../../platform/access/access.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { fieldsOf, pageOf, parseListParams, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import type { DictService } from '../../config/dict/dict.service.ts';
import { findMyOrg, isStaff } from '../org/org-context.ts';
import { checkDateParams } from '../shared/records.ts';
import { rightsApproval, type ApprovalRow } from './approval.table.ts';

export type ApprovalWrite = {
  bizType: string;
  bizId: string;
  bizTitle: string | null;
  node: string;
  result: 'pass' | 'reject' | 'returned';
  opinion: string | null;
  orgId: string | null;
  sysOrgCode: string | null;
};

const RESULT_CODE = { pass: ApprovalResult.pass, reject: ApprovalResult.reject, returned: ApprovalResult.returned } as const;

/** Nobody approves their own submission (DOMAIN.md). */
export function assertNotSelf(submitBy: string | null, approver: SessionUser) {
  if (submitBy && submitBy === approver.id) throw new BizError(RightsMsg.selfApproval);
}

/** The approval record of a status change; call it inside the transaction that makes the change. */
export async function writeApproval(t: Db, approver: SessionUser, a: ApprovalWrite, now = new Date()) {
  await t.insert(rightsApproval).values({
    id: newId(),
    bizType: a.bizType,
    bizId: a.bizId,
    bizTitle: a.bizTitle?.slice(0, 200) ?? null,
    node: a.node,
    result: RESULT_CODE[a.result],
    opinion: a.opinion,
    approverId: approver.id,
    approverName: approver.realname || approver.username,
    approveTime: now,
    orgId: a.orgId,
    sysOrgCode: a.sysOrgCode,
    createBy: approver.username,
    createTime: now,
  });
}

export const approvalWhitelist: ListResource = {
  table: rightsApproval,
  fields: fieldsOf(rightsApproval, {
    bizType: 'string',
    bizId: 'string',
    bizTitle: 'string',
    node: 'string',
    result: 'string',
    approverName: 'string',
    approveTime: 'datetime',
    orgId: 'string',
  }),
  defaultSort: { field: 'approveTime', order: 'desc' },
};

const DICTS = { bizType: 'approval_biz_type', node: 'approval_node', result: 'approval_result' };

/** 审批记录: staff see all; an organisation's users see the records of their organisation's business. */
export async function listApprovals(db: Db, dicts: DictService, user: SessionUser, params: ListParams): Promise<Page<ApprovalRecord>> {
  checkDateParams(approvalWhitelist, params);
  const scope: SQL[] = [];
  if (!(await isStaff(db, user.id, user.accessVersion))) {
    const org = await findMyOrg(db, user);
    scope.push(org ? eq(rightsApproval.orgId, org.id) : sql`false`);
  }
  const page = await pageOf<ApprovalRow>(db, approvalWhitelist, params, { extra: scope, tieBreak: rightsApproval.id });
  const records = page.records.map((r) => withDateTexts(r, ['approveTime', 'createTime', 'updateTime']));
  return { ...page, records: await dicts.withDictText(records, DICTS) };
}

type TodoRow = {
  biz_type: string;
  biz_id: string;
  biz_title: string;
  node: string;
  org_id: string;
  org_name: string;
  submit_by: string | null;
  submit_by_name: string | null;
  submit_time: Date | string | null;
};

/**
 * The columns of the 待我审批 union as the list conventions see them: `x` is the union's alias in the
 * query, so filters and sorting name these columns and nothing from the request reaches SQL.
 */
const todoView = pgTable('x', {
  bizType: varchar('biz_type'),
  bizId: varchar('biz_id'),
  bizTitle: varchar('biz_title'),
  node: varchar('node'),
  orgId: varchar('org_id'),
  orgName: varchar('org_name'),
  submitTime: timestamp('submit_time', { withTimezone: true }),
});

export const todoResource: ListResource = {
  table: todoView,
  fields: fieldsOf(todoView, {
    bizType: 'string',
    bizId: ['string', { sort: false }],
    bizTitle: 'string',
    node: 'string',
    orgId: ['string', { sort: false }],
    orgName: 'string',
    submitTime: 'datetime',
  }),
  // newest first: what just arrived is on page 1, not on the last page
  defaultSort: { field: 'submitTime', order: 'desc' },
};

/**
 * What waits for the caller's approval permissions — enrolments and certifications (rights:org:approve),
 * rights records (rights:right:approve), bank accounts (rights:bank:approve), clue batches and their
 * closure (rights:threaded:review, rights:threaded:closureReview) — without the caller's own
 * submissions: a union aliased `x`, or null when the caller may decide nothing.
 */
async function waitingFor(db: Db, user: SessionUser): Promise<SQL | null> {
  const [orgs, marks, banks, batches, closures, claimBiz, claimFinance] = await Promise.all([
    hasPermission(db, user.id, OrgPerm.approve, user.accessVersion),
    hasPermission(db, user.id, RightPerm.approve, user.accessVersion),
    hasPermission(db, user.id, BankPerm.approve, user.accessVersion),
    hasPermission(db, user.id, BatchPerm.review, user.accessVersion),
    hasPermission(db, user.id, BatchPerm.closureReview, user.accessVersion),
    hasPermission(db, user.id, ClaimPerm.bizReview, user.accessVersion),
    hasPermission(db, user.id, ClaimPerm.financeReview, user.accessVersion),
  ]);
  // Every branch names its columns: a union takes its column names from whichever branch comes first.
  const parts: SQL[] = [];
  if (orgs) {
    parts.push(sql`select '1' as biz_type, o.id as biz_id, o.org_name as biz_title, '1' as node, o.id as org_id, o.org_name as org_name,
                          o.submit_by as submit_by, o.submit_time as submit_time
                     from rights_org o where o.enter_status = '1'`);
    parts.push(sql`select '2' as biz_type, o.id as biz_id, o.org_name as biz_title, '1' as node, o.id as org_id, o.org_name as org_name,
                          o.certify_submit_by as submit_by, o.certify_submit_time as submit_time
                     from rights_org o where o.certify_status = '1'`);
  }
  if (marks) {
    parts.push(sql`select '3' as biz_type, r.id as biz_id, r.trademark_name || '（第' || r.nice_class || '类 ' || r.reg_no || '）' as biz_title,
                          '1' as node, r.org_id as org_id, o.org_name as org_name, r.submit_by as submit_by, r.submit_time as submit_time
                     from rights_right r join rights_org o on o.id = r.org_id where r.audit_status = '0' and r.del_flag = '0'`);
  }
  if (banks) {
    parts.push(sql`select '7' as biz_type, b.id as biz_id, b.bank_name || ' 尾号' || right(b.account_no, 4) as biz_title, '3' as node,
                          b.org_id as org_id, o.org_name as org_name, b.submit_by as submit_by, b.submit_time as submit_time
                     from rights_bank_account b join rights_org o on o.id = b.org_id where b.audit_status = '0' and b.del_flag = '0'`);
  }
  parts.push(...batchTodos(user, batches, closures));
  // 报销单: 业务审核 (待业务审核, node 初审) and 财务审核 (待财务审核, node 财务审核)
  const claimStatuses = [...(claimBiz ? ['2'] : []), ...(claimFinance ? ['3'] : [])];
  if (claimStatuses.length) {
    parts.push(sql`select '6' as biz_type, c.id as biz_id, c.claim_no || ' ' || c.batch_no as biz_title, case c.status when '2' then '1' else '3' end as node,
                          c.org_id as org_id, c.org_name as org_name, c.submit_by as submit_by, c.submit_time as submit_time
                     from fin_claim c where c.status in (${sql.join(
                       claimStatuses.map((st) => sql`${st}`),
                       sql`, `,
                     )})`);
  }
  if (!parts.length) return null;
  return sql`(select * from (${sql.join(parts, sql` union all `)}) u where u.submit_by is null or u.submit_by <> ${user.id}) x`;
}

/**
 * 线索批次 初审 (待审核), 复审 (待复审, not for whoever passed its 初审) and 结案审核 (待结案审核; submit
 * time is when closure was applied).
 */
function batchTodos(user: SessionUser, review: boolean, closure: boolean): SQL[] {
  const parts: SQL[] = [];
  if (review) {
    parts.push(sql`select '4' as biz_type, b.id as biz_id, b.batch_no || ' ' || b.batch_name as biz_title, case b.status when '2' then '1' else '2' end as node,
                          b.org_id as org_id, b.org_name as org_name, b.submit_by as submit_by, b.submit_time as submit_time
                     from rights_batch b where b.del_flag = '0' and (b.status = '2' or (b.status = '3' and b.first_reviewer_id is distinct from ${user.id}))`);
  }
  if (closure) {
    parts.push(sql`select '5' as biz_type, b.id as biz_id, b.batch_no || ' ' || b.batch_name as biz_title, '1' as node,
                          b.org_id as org_id, b.org_name as org_name, b.submit_by as submit_by, b.closure_apply_time as submit_time
                     from rights_batch b where b.del_flag = '0' and b.status = '6'`);
  }
  return parts;
}

/** How many items wait for the caller (the header's 待审批 count); 0 for whoever may decide nothing. */
export async function todoCount(db: Db, user: SessionUser): Promise<number> {
  const from = await waitingFor(db, user);
  if (!from) return 0;
  const [{ total }] = await rows<{ total: number }>(db, sql`select count(*)::int as total from ${from}`);
  return total;
}

/**
 * 待我审批: newest submission first by default; sortable by submitTime, bizType, bizTitle, orgName, node;
 * filtered by bizType and searched by orgName and bizTitle (事项) with the JeecgBoot conventions (`*x*`).
 */
export async function todoList(db: Db, dicts: DictService, user: SessionUser, params: ListParams): Promise<Page<ApprovalTodo>> {
  checkDateParams(todoResource, params);
  const { where, orderBy, pageNo, pageSize } = parseListParams(todoResource, params);
  const from = await waitingFor(db, user);
  if (!from) return { records: [], total: 0, size: pageSize, current: pageNo, pages: 0 };
  const filter = where ?? sql`true`;
  const [[{ total }], found] = await Promise.all([
    rows<{ total: number }>(db, sql`select count(*)::int as total from ${from} where ${filter}`),
    rows<TodoRow>(
      db,
      sql`select x.*, u.realname as submit_by_name from ${from} left join sys_user u on u.id = x.submit_by
           where ${filter} order by ${sql.join([...orderBy, sql`x.biz_type`, sql`x.biz_id`], sql`, `)} limit ${pageSize} offset ${(pageNo - 1) * pageSize}`,
    ),
  ]);
  const records = found.map((r) => ({
    bizType: r.biz_type,
    bizId: r.biz_id,
    bizTitle: r.biz_title,
    node: r.node,
    orgId: r.org_id,
    orgName: r.org_name,
    submitBy: r.submit_by,
    submitByName: r.submit_by_name,
    submitTime: formatDateTime(r.submit_time),
  }));
  return {
    records: await dicts.withDictText(records, { bizType: 'approval_biz_type', node: 'approval_node' }),
    total,
    size: pageSize,
    current: pageNo,
    pages: Math.ceil(total / pageSize),
  };
}
