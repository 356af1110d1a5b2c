import { bigint, primaryKey, smallint, timestamp, uniqueIndex, varchar, pgTable } from 'drizzle-orm/pg-core';
import { audit, idColumn } from '../../../platform/db/columns.ts';

/**
 * 填值规则: `prefix + date + zero-padded sequence`. JeecgBoot named a Java class here (rule_class); this
 * table keeps the stock name only as a key into a fixed server-side registry (fill-rule.classes.ts), so
 * nothing an admin types is ever loaded or run.
 */
export const sysFillRule = pgTable(
  'sys_fill_rule',
  {
    id: idColumn(),
    ruleName: varchar('rule_name', { length: 100 }).notNull(),
    ruleCode: varchar('rule_code', { length: 64 }).notNull(),
    prefix: varchar('prefix', { length: 20 }).notNull().default(''),
    /** yyyyMMdd, yyyyMM, yyyy or none */
    datePattern: varchar('date_pattern', { length: 10 }).notNull().default('yyyyMMdd'),
    seqWidth: smallint('seq_width').notNull().default(3),
    /** day, month, year or never */
    resetCycle: varchar('reset_cycle', { length: 10 }).notNull().default('day'),
    description: varchar('description', { length: 255 }),
    /** The stock client's 规则实现类: one of the registry's names; null is the sequence above. */
    ruleClass: varchar('rule_class', { length: 100 }),
    /** The stock client's 规则参数, a JSON object kept as text; read as data by the class, never evaluated. */
    ruleParams: varchar('rule_params', { length: 500 }),
    ...audit,
  },
  (t) => [uniqueIndex('uniq_sys_fill_rule_code').on(t.ruleCode)],
);

/**
 * One counter per rule and reset period (`D20261122`, `M202611`, `Y2026`, `N`). It is advanced by a single
 * `insert … on conflict do update … returning`, so concurrent callers in any process get distinct values.
 * Rows outlive their rule: a rule deleted and added again continues its numbers instead of repeating them.
 */
export const sysFillRuleSeq = pgTable(
  'sys_fill_rule_seq',
  {
    ruleCode: varchar('rule_code', { length: 64 }).notNull(),
    period: varchar('period', { length: 16 }).notNull(),
    currentValue: bigint('current_value', { mode: 'number' }).notNull(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ruleCode, t.period], name: 'pk_sys_fill_rule_seq' })],
);
