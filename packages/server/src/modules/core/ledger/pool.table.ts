import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, timestamp, uniqueIndex, varchar, pgTable } from 'drizzle-orm/pg-core';
import { POOL_ACCOUNTS, POOL_CHANGE_TYPES, POOL_STATUS_VALUES } from '@sbwq/contracts';
import { audit, idColumn } from '../../../platform/db/columns.ts';

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/**
 * 资金池 (DOMAIN.md capital pool). Its three amounts change only through the ledger, which writes a log
 * row in the same transaction; 余额 is computed by the database, and the checks make an overdraft
 * impossible whatever code writes here.
 */
export const finCapitalPool = pgTable(
  'fin_capital_pool',
  {
    id: idColumn(),
    poolCode: varchar('pool_code', { length: 32 }).notNull(),
    poolName: varchar('pool_name', { length: 100 }).notNull(),
    /** dictionary fund_source */
    fundSource: varchar('fund_source', { length: 2 }).notNull(),
    poolYear: integer('pool_year').notNull(),
    totalAmount: money('total_amount').notNull().default('0'),
    frozenAmount: money('frozen_amount').notNull().default('0'),
    usedAmount: money('used_amount').notNull().default('0'),
    balanceAmount: money('balance_amount').generatedAlwaysAs(sql`total_amount - used_amount - frozen_amount`),
    subsidyPerCase: money('subsidy_per_case'),
    orgCap: money('org_cap'),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    /** dictionary pool_status: 1 筹备, 2 启用, 3 暂停, 4 已结清 */
    status: varchar('status', { length: 1, enum: POOL_STATUS_VALUES }).notNull().default('1'),
    /** the seq of the pool's last log row: the next row is log_seq + 1 */
    logSeq: integer('log_seq').notNull().default(0),
    remark: varchar('remark', { length: 500 }),
    sysOrgCode: varchar('sys_org_code', { length: 64 }),
    ...audit,
  },
  (t) => [
    uniqueIndex('uniq_fin_capital_pool_code').on(t.poolCode),
    index('idx_fin_capital_pool_create_time').on(t.createTime.desc(), t.id),
    check('chk_fin_capital_pool_frozen', sql`${t.frozenAmount} >= 0`),
    check('chk_fin_capital_pool_used', sql`${t.usedAmount} >= 0`),
    check('chk_fin_capital_pool_balance', sql`${t.totalAmount} - ${t.usedAmount} - ${t.frozenAmount} >= 0`),
    check('chk_fin_capital_pool_status', sql`${t.status} in ('1', '2', '3', '4')`),
  ],
);

const accountMove = (account: string, amount: unknown, from: unknown, to: unknown) =>
  sql`(case when ${to} = ${sql.raw(`'${account}'`)} then ${amount} else 0 end) - (case when ${from} = ${sql.raw(`'${account}'`)} then ${amount} else 0 end)`;

/**
 * 资金池日志: append-only (a trigger refuses UPDATE and DELETE). Each row moves `amount` from one of
 * the pool's accounts to another and records the accounts after it, so the checks below prove every
 * row balances on its own and reconciliation only has to chain them.
 */
export const finCapitalPoolLog = pgTable(
  'fin_capital_pool_log',
  {
    id: idColumn(),
    poolId: varchar('pool_id', { length: 36 })
      .notNull()
      .references(() => finCapitalPool.id),
    poolCode: varchar('pool_code', { length: 32 }).notNull(),
    seq: integer('seq').notNull(),
    /** dictionary pool_change_type */
    changeType: varchar('change_type', { length: 1, enum: POOL_CHANGE_TYPES }).notNull(),
    amount: money('amount').notNull(),
    fromAccount: varchar('from_account', { length: 10, enum: POOL_ACCOUNTS }).notNull(),
    toAccount: varchar('to_account', { length: 10, enum: POOL_ACCOUNTS }).notNull(),
    balanceBefore: money('balance_before').notNull(),
    balanceAfter: money('balance_after').notNull(),
    totalAfter: money('total_after').notNull(),
    frozenAfter: money('frozen_after').notNull(),
    usedAfter: money('used_after').notNull(),
    bizRef: varchar('biz_ref', { length: 100 }),
    bizNo: varchar('biz_no', { length: 64 }),
    /** business type + id + operation: the same key twice is the same operation, applied once */
    opKey: varchar('op_key', { length: 128 }).notNull(),
    orgId: varchar('org_id', { length: 36 }),
    orgName: varchar('org_name', { length: 100 }),
    remark: varchar('remark', { length: 500 }),
    createBy: varchar('create_by', { length: 32 }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('uniq_fin_capital_pool_log_op_key').on(t.opKey),
    uniqueIndex('uniq_fin_capital_pool_log_seq').on(t.poolId, t.seq),
    index('idx_fin_capital_pool_log_biz_ref').on(t.poolId, t.bizRef),
    index('idx_fin_capital_pool_log_create_time').on(t.createTime.desc(), t.id),
    index('idx_fin_capital_pool_log_biz_no').on(t.bizNo),
    check('chk_fin_capital_pool_log_amount', sql`${t.amount} > 0`),
    check(
      'chk_fin_capital_pool_log_accounts',
      sql`${t.fromAccount} <> ${t.toAccount} and ${t.fromAccount} in ('external', 'available', 'frozen', 'used') and ${t.toAccount} in ('external', 'available', 'frozen', 'used')`,
    ),
    check(
      'chk_fin_capital_pool_log_after',
      sql`${t.balanceAfter} >= 0 and ${t.frozenAfter} >= 0 and ${t.usedAfter} >= 0 and ${t.totalAfter} - ${t.usedAfter} - ${t.frozenAfter} = ${t.balanceAfter}`,
    ),
    check(
      'chk_fin_capital_pool_log_balance_move',
      sql`${t.balanceAfter} - ${t.balanceBefore} = ${accountMove('available', t.amount, t.fromAccount, t.toAccount)}`,
    ),
  ],
);
