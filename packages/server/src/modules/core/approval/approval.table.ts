import { bigint, index, timestamp, uniqueIndex, varchar, pgTable } from 'drizzle-orm/pg-core';
import { audit, idColumn } from '../../../platform/db/columns.ts';

/**
 * 审批记录 (DOMAIN.md approval): one row per approval or rejection, written in the transaction that
 * changes the record's status. Append-only.
 */
export const rightsApproval = pgTable(
  'rights_approval',
  {
    id: idColumn(),
    /** dictionary approval_biz_type: 1 机构入驻, 2 认证, 3 权利备案, 4 线索批次, 5 结案, 6 报销, 7 银行账户 */
    bizType: varchar('biz_type', { length: 2 }).notNull(),
    bizId: varchar('biz_id', { length: 36 }).notNull(),
    /** what the record was when approved (机构名称, 商标名称 第N类, 开户银行 尾号…) */
    bizTitle: varchar('biz_title', { length: 200 }),
    /** dictionary approval_node: 1 初审, 2 复审, 3 财务审核 */
    node: varchar('node', { length: 2 }).notNull(),
    /** dictionary approval_result: 1 通过, 2 驳回, 3 退回补正 */
    result: varchar('result', { length: 2 }).notNull(),
    opinion: varchar('opinion', { length: 500 }),
    approverId: varchar('approver_id', { length: 36 }).notNull(),
    approverName: varchar('approver_name', { length: 100 }).notNull(),
    approveTime: timestamp('approve_time', { withTimezone: true }).notNull().defaultNow(),
    /** the organisation the business record belongs to */
    orgId: varchar('org_id', { length: 36 }),
    sysOrgCode: varchar('sys_org_code', { length: 64 }),
    ...audit,
    /** the hash chain shared with the data log (core/datalog/datalog-chain.ts), filled by the sealing step */
    chainSeq: bigint('chain_seq', { mode: 'number' }),
    prevHash: varchar('prev_hash', { length: 64 }),
    hash: varchar('hash', { length: 64 }),
  },
  (t) => [
    index('idx_rights_approval_biz').on(t.bizType, t.bizId),
    index('idx_rights_approval_org').on(t.orgId),
    index('idx_rights_approval_time').on(t.approveTime.desc(), t.id),
    uniqueIndex('uq_rights_approval_chain').on(t.chainSeq),
  ],
);
export type ApprovalRow = typeof rightsApproval.$inferSelect;
