import { sql } from 'drizzle-orm';
import { index, uniqueIndex, varchar, pgTable } from 'drizzle-orm/pg-core';
import { idColumn } from '../../../platform/db/columns.ts';
import { reviewedRecordColumns } from '../shared/reviewed-record.ts';

/** 机构银行账户 (DOMAIN.md bank account): per organisation, one default, approved by finance before use. */
export const rightsBankAccount = pgTable(
  'rights_bank_account',
  {
    id: idColumn(),
    orgId: varchar('org_id', { length: 36 }).notNull(),
    accountName: varchar('account_name', { length: 100 }).notNull(),
    bankName: varchar('bank_name', { length: 100 }).notNull(),
    branchName: varchar('branch_name', { length: 100 }),
    accountNo: varchar('account_no', { length: 30 }).notNull(),
    /** 联行号 (12 digits) */
    bankCode: varchar('bank_code', { length: 12 }),
    /** dictionary account_nature: 1 对公, 2 对私 */
    accountNature: varchar('account_nature', { length: 1 }).notNull(),
    /** dictionary yn */
    isDefault: varchar('is_default', { length: 1 }).notNull().default('0'),
    /** dictionary valid_status: 1 有效, 0 无效 */
    status: varchar('status', { length: 1 }).notNull().default('1'),
    /** dictionary audit_status: 0 待审核, 1 已通过, 2 已驳回 */
    auditStatus: varchar('audit_status', { length: 1 }).notNull().default('0'),
    proofFile: varchar('proof_file', { length: 1000 }),
    remark: varchar('remark', { length: 500 }),
    ...reviewedRecordColumns,
  },
  (t) => [
    index('idx_rights_bank_org').on(t.orgId),
    index('idx_rights_bank_audit').on(t.auditStatus),
    // One default account per organisation, enforced by the database.
    uniqueIndex('uniq_rights_bank_default')
      .on(t.orgId)
      .where(sql`${t.isDefault} = '1' and ${t.delFlag} = '0'`),
  ],
);
export type BankRow = typeof rightsBankAccount.$inferSelect;
