import { uniqueIndex, varchar, pgTable } from 'drizzle-orm/pg-core';
import { audit, idColumn } from '../../../platform/db/columns.ts';

/** 校验规则 (JEECG-API §4.5): rule_json is a JSON array of {digits, pattern, message}, vetted on save. */
export const sysCheckRule = pgTable(
  'sys_check_rule',
  {
    id: idColumn(),
    ruleName: varchar('rule_name', { length: 100 }).notNull(),
    ruleCode: varchar('rule_code', { length: 100 }).notNull(),
    ruleJson: varchar('rule_json', { length: 1024 }).notNull(),
    ruleDescription: varchar('rule_description', { length: 200 }),
    ...audit,
  },
  (t) => [uniqueIndex('uniq_sys_check_rule_code').on(t.ruleCode)],
);
