import { date, index, timestamp, uniqueIndex, varchar, pgTable } from 'drizzle-orm/pg-core';
import { audit, idColumn } from '../../../platform/db/columns.ts';

/**
 * 机构 (DOMAIN.md organisation). Before enrolment it belongs to the user who applies (`applicant_id`);
 * once enrolled it is also a department (`depart_id`, `sys_org_code`) and its users hang under it.
 */
export const rightsOrg = pgTable(
  'rights_org',
  {
    id: idColumn(),
    orgName: varchar('org_name', { length: 100 }).notNull(),
    /** dictionary rights_org_type */
    orgType: varchar('org_type', { length: 2 }),
    creditCode: varchar('credit_code', { length: 18 }),
    legalPerson: varchar('legal_person', { length: 50 }),
    regAddress: varchar('reg_address', { length: 200 }),
    officeAddress: varchar('office_address', { length: 200 }),
    foundDate: date('found_date', { mode: 'string' }),
    /** 营业执照: upload paths, comma-separated */
    licenseFile: varchar('license_file', { length: 1000 }),
    /** 执业许可证 */
    practiceFile: varchar('practice_file', { length: 1000 }),
    /** 备案证明文件 (certification) */
    filingFile: varchar('filing_file', { length: 1000 }),
    agentFilingNo: varchar('agent_filing_no', { length: 50 }),
    contactName: varchar('contact_name', { length: 50 }),
    contactPhone: varchar('contact_phone', { length: 20 }),
    contactEmail: varchar('contact_email', { length: 100 }),
    region: varchar('region', { length: 100 }),
    /** dictionary enter_status: 0 未提交, 1 待审核, 2 已入驻, 3 已驳回, 4 已停用 */
    enterStatus: varchar('enter_status', { length: 1 }).notNull().default('0'),
    /** dictionary certify_status: 0 未认证, 1 认证中, 2 已认证, 3 认证失败 */
    certifyStatus: varchar('certify_status', { length: 1 }).notNull().default('0'),
    auditOpinion: varchar('audit_opinion', { length: 500 }),
    auditBy: varchar('audit_by', { length: 100 }),
    auditTime: timestamp('audit_time', { withTimezone: true }),
    certifyOpinion: varchar('certify_opinion', { length: 500 }),
    certifyBy: varchar('certify_by', { length: 100 }),
    certifyTime: timestamp('certify_time', { withTimezone: true }),
    applicantId: varchar('applicant_id', { length: 36 }),
    /** the user who last submitted the enrolment / the certification: they may not approve it */
    submitBy: varchar('submit_by', { length: 36 }),
    submitTime: timestamp('submit_time', { withTimezone: true }),
    certifySubmitBy: varchar('certify_submit_by', { length: 36 }),
    certifySubmitTime: timestamp('certify_submit_time', { withTimezone: true }),
    departId: varchar('depart_id', { length: 36 }),
    sysOrgCode: varchar('sys_org_code', { length: 64 }),
    ...audit,
  },
  (t) => [
    uniqueIndex('uniq_rights_org_credit_code').on(t.creditCode),
    uniqueIndex('uniq_rights_org_applicant').on(t.applicantId),
    uniqueIndex('uniq_rights_org_depart').on(t.departId),
    index('idx_rights_org_org_code').on(t.sysOrgCode),
    index('idx_rights_org_status').on(t.enterStatus, t.certifyStatus),
    index('idx_rights_org_create_time').on(t.createTime.desc().nullsFirst(), t.id),
  ],
);
export type OrgRow = typeof rightsOrg.$inferSelect;
