import { sql } from 'drizzle-orm';
import { date, index, uniqueIndex, varchar, pgTable } from 'drizzle-orm/pg-core';
import { idColumn } from '../../../platform/db/columns.ts';
import { reviewedRecordColumns } from '../../core/shared/reviewed-record.ts';

/** 受保护权利 (DOMAIN.md protected-rights record): one mark in one Nice class, owned by an organisation. */
export const rightsRight = pgTable(
  'rights_right',
  {
    id: idColumn(),
    orgId: varchar('org_id', { length: 36 }).notNull(),
    trademarkName: varchar('trademark_name', { length: 100 }).notNull(),
    /** 商标图样: one uploaded image path */
    markImage: varchar('mark_image', { length: 300 }),
    regNo: varchar('reg_no', { length: 20 }).notNull(),
    /** dictionary nice_class (1–45) */
    niceClass: varchar('nice_class', { length: 2 }).notNull(),
    goodsServices: varchar('goods_services', { length: 1000 }),
    /** dictionary trademark_type */
    trademarkType: varchar('trademark_type', { length: 1 }).notNull().default('1'),
    registrant: varchar('registrant', { length: 200 }).notNull(),
    registrantAddress: varchar('registrant_address', { length: 300 }),
    regDate: date('reg_date', { mode: 'string' }).notNull(),
    /** 专用权期限 end: reg_date + 10 years − 1 day */
    expireDate: date('expire_date', { mode: 'string' }).notNull(),
    /** dictionary legal_status */
    legalStatus: varchar('legal_status', { length: 1 }).notNull().default('1'),
    authOrg: varchar('auth_org', { length: 200 }),
    /** 授权委托书: PDF paths */
    authLetter: varchar('auth_letter', { length: 1000 }),
    authStartDate: date('auth_start_date', { mode: 'string' }),
    /** 授权期限 */
    authEndDate: date('auth_end_date', { mode: 'string' }),
    proofFile: varchar('proof_file', { length: 1000 }),
    remark: varchar('remark', { length: 500 }),
    /** dictionary audit_status: 3 草稿, 0 待审核, 1 已通过, 2 已驳回 */
    auditStatus: varchar('audit_status', { length: 1 }).notNull().default('3'),
    ...reviewedRecordColumns,
  },
  (t) => [
    index('idx_rights_right_org').on(t.orgId),
    index('idx_rights_right_org_code').on(t.sysOrgCode),
    index('idx_rights_right_expire').on(t.expireDate),
    index('idx_rights_right_audit').on(t.auditStatus),
    index('idx_rights_right_reg_no').on(t.regNo),
    index('idx_rights_right_create_time').on(t.createTime.desc().nullsFirst(), t.id),
    uniqueIndex('uniq_rights_right_mark')
      .on(t.orgId, t.regNo, t.niceClass)
      .where(sql`${t.delFlag} = '0'`),
  ],
);
export type RightRow = typeof rightsRight.$inferSelect;
