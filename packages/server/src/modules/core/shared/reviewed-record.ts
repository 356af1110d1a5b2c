import { timestamp, varchar } from 'drizzle-orm/pg-core';
import { audit } from '../../../platform/db/columns.ts';

/**
 * The closing columns of a record an organisation submits and staff review (受保护权利, 银行账户): the
 * last decision, the last submission (its submitter may not decide it), the owner's org code, the soft
 * delete flag and the audit columns.
 */
export const reviewedRecordColumns = {
  auditOpinion: varchar('audit_opinion', { length: 500 }),
  auditBy: varchar('audit_by', { length: 100 }),
  auditTime: timestamp('audit_time', { withTimezone: true }),
  submitBy: varchar('submit_by', { length: 36 }),
  submitTime: timestamp('submit_time', { withTimezone: true }),
  sysOrgCode: varchar('sys_org_code', { length: 64 }),
  delFlag: varchar('del_flag', { length: 1 }).notNull().default('0'),
  ...audit,
};
