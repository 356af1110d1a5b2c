import { and, eq, sql, type SQL } from 'drizzle-orm';
import { RightsMsg, type ApprovalRecord, type ApprovalTodo, type Page } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { formatDateTime } from '../../../platform/db/time.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { hasPermission } from '../../../platform/access/access.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { pageOf, parseListParams, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import type { DictService } from '../../system/dict/dict.service.ts';
import { isStaff } from '../file-info/file-info.service.ts';
import { findMyOrg } from '../org/org-context.ts';
import { RightsPerm } from '../shared/perms.ts';
import { checkDateParams } from '../shared/records.ts';
import { rightsApproval, type ApprovalRow } from './approval.table.ts';

export type ApprovalWrite = {
  bizType: string;
  bizId: string;
  bizTitle: string | null;
  node: string;
  result: 'pass' | 'reject';
  opinion: string | null;
  orgId: string | null;
  sysOrgCode: string | null;
};

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
    result: a.result === 'pass' ? '1' : '2',
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

export const approvalResource: ListResource = {
  table: rightsApproval,
  fields: {
    bizType: { column: rightsApproval.bizType, type: 'string' },
    bizId: { column: rightsApproval.bizId, type: 'string' },
    bizTitle: { column: rightsApproval.bizTitle, type: 'string' },
    node: { column: rightsApproval.node, type: 'string' },
    result: { column: rightsApproval.result, type: 'string' },
    approverName: { column: rightsApproval.approverName, type: 'string' },
    approveTime: { column: rightsApproval.approveTime, type: 'datetime' },
    orgId: { column: rightsApproval.orgId, type: 'string' },
  },
  defaultSort: { field: 'approveTime', order: 'desc' },
};

const DICTS = { bizType: 'approval_biz_type', node: 'approval_node', result: 'approval_result' };

/** 审批记录: staff see all; an organisation's users see the records of their organisation's business. */
export async function listApprovals(db: Db, dicts: DictService, user: SessionUser, params: ListParams): Promise<Page<ApprovalRecord>> {
  checkDateParams(approvalResource, params);
  const scope: SQL[] = [];
  if (!(await isStaff(db, user.id))) {
    const org = await findMyOrg(db, user);
    scope.push(org ? eq(rightsApproval.orgId, org.id) : sql`false`);
  }
  const page = await pageOf<ApprovalRow>(db, approvalResource, params, { extra: scope, tieBreak: rightsApproval.id });
  const records = page.records.map((r) => ({ ...r, approveTime: formatDateTime(r.approveTime), createTime: formatDateTime(r.createTime), updateTime: formatDateTime(r.updateTime) }));
  return { ...page, records: (await dicts.withDictText(records, DICTS)) as unknown as ApprovalRecord[] };
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
 * 待我审批: what waits for the caller's approval permissions — enrolments and certifications
 * (rights:org:approve), rights records (rights:right:approve), bank accounts (rights:bank:approve) —
 * oldest first, without the caller's own submissions.
 */
export async function todoList(db: Db, dicts: DictService, user: SessionUser, params: ListParams): Promise<Page<ApprovalTodo>> {
  const [orgs, marks, banks] = await Promise.all([
    hasPermission(db, user.id, RightsPerm.orgApprove),
    hasPermission(db, user.id, RightsPerm.rightApprove),
    hasPermission(db, user.id, RightsPerm.bankApprove),
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
  const { pageNo, pageSize } = parseListParams({ table: rightsApproval, fields: {} }, { pageNo: params.pageNo, pageSize: params.pageSize });
  if (parts.length === 0) return { records: [], total: 0, size: pageSize, current: pageNo, pages: 0 };
  const bizType = typeof params.bizType === 'string' && /^\d{1,2}$/.test(params.bizType) ? params.bizType : null;
  const where = and(sql`(x.submit_by is null or x.submit_by <> ${user.id})`, bizType ? sql`x.biz_type = ${bizType}` : undefined);
  const union = sql.join(parts, sql` union all `);
  const [[{ total }], found] = await Promise.all([
    rows<{ total: number }>(db, sql`select count(*)::int as total from (${union}) x where ${where}`),
    rows<TodoRow>(
      db,
      sql`select x.*, u.realname as submit_by_name from (${union}) x left join sys_user u on u.id = x.submit_by
           where ${where} order by x.submit_time asc nulls first, x.biz_id limit ${pageSize} offset ${(pageNo - 1) * pageSize}`,
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
    records: (await dicts.withDictText(records, { bizType: 'approval_biz_type', node: 'approval_node' })) as unknown as ApprovalTodo[],
    total,
    size: pageSize,
    current: pageNo,
    pages: Math.ceil(total / pageSize),
  };
}
