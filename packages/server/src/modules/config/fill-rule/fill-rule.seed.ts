import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { sysFillRule } from './fill-rule.table.ts';

/** Numbering rules the business modules call through nextCode(db, ruleCode). */
const rules = [
  {
    ruleName: '线索批次编号',
    ruleCode: 'threaded_code',
    prefix: 'XS',
    datePattern: 'yyyyMMdd',
    seqWidth: 3,
    resetCycle: 'day',
    description: '线索批次：XS + 日期 + 3 位流水，每日重置',
  },
  {
    ruleName: '报销单编号',
    ruleCode: 'claim_code',
    prefix: 'BX',
    datePattern: 'yyyyMMdd',
    seqWidth: 3,
    resetCycle: 'day',
    description: '报销单：BX + 日期 + 3 位流水，每日重置',
  },
  {
    ruleName: '资金池编号',
    ruleCode: 'pool_code',
    prefix: 'ZJC',
    datePattern: 'yyyy',
    seqWidth: 3,
    resetCycle: 'year',
    description: '资金池：ZJC + 年份 + 3 位流水，每年重置',
  },
];

export async function seedFillRules(db: Db): Promise<void> {
  for (const rule of rules)
    await db
      .insert(sysFillRule)
      .values({ id: newId(), ...rule, createBy: 'system' })
      .onConflictDoNothing();
}
