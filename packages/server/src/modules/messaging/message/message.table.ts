import { index, integer, timestamp, uniqueIndex, varchar, pgTable } from 'drizzle-orm/pg-core';
import { audit, idColumn } from '../../../platform/db/columns.ts';

/** 消息模板 (stock sys_sms_template): `${name}` variables, rendered by mustache with those delimiters. */
export const sysSmsTemplate = pgTable(
  'sys_sms_template',
  {
    id: idColumn(),
    templateCode: varchar('template_code', { length: 100 }).notNull(),
    templateName: varchar('template_name', { length: 100 }).notNull(),
    templateContent: varchar('template_content', { length: 4000 }).notNull(),
    /** msgType: 1 短信, 2 邮件, 4 系统 */
    templateType: varchar('template_type', { length: 1 }).notNull(),
    templateTestJson: varchar('template_test_json', { length: 4000 }),
    ...audit,
  },
  (t) => [uniqueIndex('uniq_sys_sms_template_code').on(t.templateCode)],
);

/**
 * 消息中心 (stock sys_sms): the send log. A message is written here first and delivered after, by
 * whoever claims it (lease_until, one conditional update), so a message is sent once across processes
 * and a restart finds what was not yet delivered.
 */
export const sysSms = pgTable(
  'sys_sms',
  {
    id: idColumn(),
    esTitle: varchar('es_title', { length: 100 }),
    esContent: varchar('es_content', { length: 4000 }).notNull(),
    esParam: varchar('es_param', { length: 1000 }),
    /** a user id (系统消息), a phone number or an e-mail address */
    esReceiver: varchar('es_receiver', { length: 200 }).notNull(),
    esType: varchar('es_type', { length: 1 }).notNull(),
    /** msgSendStatus: 0 未发送, 1 发送成功, 2 发送失败 */
    esSendStatus: varchar('es_send_status', { length: 1 }).notNull().default('0'),
    esSendNum: integer('es_send_num').notNull().default(0),
    esSendTime: timestamp('es_send_time', { withTimezone: true }),
    esResult: varchar('es_result', { length: 1000 }),
    remark: varchar('remark', { length: 500 }),
    templateCode: varchar('template_code', { length: 100 }),
    /** when the next try is due; null once sent or given up */
    nextTryTime: timestamp('next_try_time', { withTimezone: true }),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    ...audit,
  },
  (t) => [index('idx_sys_sms_due').on(t.esSendStatus, t.nextTryTime), index('idx_sys_sms_create_time').on(t.createTime.desc(), t.id)],
);
