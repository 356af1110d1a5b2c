import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FillDatePattern, FillResetCycle, FillRuleAddBody, FillRuleEditBody, FillRuleRecord, Page } from '@sbwq/contracts';
import { FillRuleMsg } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import { created, updated } from '../../../platform/db/audit.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import { isUniqueViolation } from '../../../platform/db/errors.ts';
import { sysFillRule } from './fill-rule.table.ts';

const CHINA_OFFSET_MS = 8 * 3600_000;

type Rule = { prefix: string; datePattern: FillDatePattern; seqWidth: number; resetCycle: FillResetCycle };

/** The calendar parts of an instant in China time (GMT+8), as every date of the system. */
function chinaDate(now: Date) {
  const iso = new Date(now.getTime() + CHINA_OFFSET_MS).toISOString();
  return { yyyy: iso.slice(0, 4), MM: iso.slice(5, 7), dd: iso.slice(8, 10) };
}

export function datePart(pattern: FillDatePattern, now: Date): string {
  const d = chinaDate(now);
  if (pattern === 'yyyyMMdd') return `${d.yyyy}${d.MM}${d.dd}`;
  if (pattern === 'yyyyMM') return `${d.yyyy}${d.MM}`;
  if (pattern === 'yyyy') return d.yyyy;
  return '';
}

/** The counter a number is drawn from: one per reset period. */
export function periodKey(cycle: FillResetCycle, now: Date): string {
  const d = chinaDate(now);
  if (cycle === 'day') return `D${d.yyyy}${d.MM}${d.dd}`;
  if (cycle === 'month') return `M${d.yyyy}${d.MM}`;
  if (cycle === 'year') return `Y${d.yyyy}`;
  return 'N';
}

/** `prefix + date + sequence`; a sequence longer than its width is written in full, so it stays unique. */
export function formatCode(rule: Rule, seq: number, now: Date): string {
  return `${rule.prefix}${datePart(rule.datePattern, now)}${String(seq).padStart(rule.seqWidth, '0')}`;
}

/**
 * The next number of a rule. One atomic `insert … on conflict do update … returning` advances the
 * counter, so concurrent callers — in this process or another — never get the same value, and a business
 * module may call it inside its own transaction (the counter then commits or rolls back with it).
 */
export async function nextCode(db: Db, ruleCode: string, now: Date = new Date()): Promise<string> {
  const [rule] = await db
    .select({ prefix: sysFillRule.prefix, datePattern: sysFillRule.datePattern, seqWidth: sysFillRule.seqWidth, resetCycle: sysFillRule.resetCycle })
    .from(sysFillRule)
    .where(eq(sysFillRule.ruleCode, ruleCode));
  if (!rule) throw new BizError(FillRuleMsg.notFound);
  const typed = rule as Rule;
  const period = periodKey(typed.resetCycle, now);
  const [counter] = await rows<{ current_value: string | number | bigint }>(
    db,
    sql`insert into sys_fill_rule_seq (rule_code, period, current_value, update_time)
        values (${ruleCode}, ${period}, 1, now())
        on conflict (rule_code, period)
        do update set current_value = sys_fill_rule_seq.current_value + 1, update_time = now()
        returning current_value`,
  );
  return formatCode(typed, Number(counter.current_value), now);
}

export const fillRuleWhitelist: ListResource = {
  table: sysFillRule,
  fields: fieldsOf(sysFillRule, { ruleName: 'string', ruleCode: 'string', createTime: 'datetime' }),
  defaultSort: { field: 'createTime', order: 'desc' },
};

type Row = typeof sysFillRule.$inferSelect;
const record = (row: Row): FillRuleRecord => withDateTexts(row) as FillRuleRecord;

export async function listFillRules(db: Db, params: ListParams): Promise<Page<FillRuleRecord>> {
  const page = await pageOf<Row>(db, fillRuleWhitelist, params, { tieBreak: sysFillRule.id });
  return { ...page, records: page.records.map(record) };
}

export async function fillRuleById(db: Db, id: string): Promise<FillRuleRecord> {
  const [row] = await db.select().from(sysFillRule).where(eq(sysFillRule.id, id));
  if (!row) throw new BizError(FillRuleMsg.notFound);
  return record(row);
}

const values = (body: FillRuleAddBody) => ({
  ruleName: body.ruleName,
  prefix: body.prefix ?? '',
  datePattern: body.datePattern,
  seqWidth: body.seqWidth,
  resetCycle: body.resetCycle,
  description: body.description ?? null,
});

export async function addFillRule(db: Db, user: SessionUser | null, body: FillRuleAddBody): Promise<void> {
  const [taken] = await db.select({ id: sysFillRule.id }).from(sysFillRule).where(eq(sysFillRule.ruleCode, body.ruleCode));
  if (taken) throw new BizError(FillRuleMsg.codeTaken);
  try {
    await db.insert(sysFillRule).values({ id: newId(), ruleCode: body.ruleCode, ...values(body), ...created(user) });
  } catch (error) {
    if (isUniqueViolation(error)) throw new BizError(FillRuleMsg.codeTaken);
    throw error;
  }
}

/** The code is the counter's key: it cannot change, or a renamed rule would issue numbers again. */
export async function editFillRule(db: Db, user: SessionUser | null, body: FillRuleEditBody): Promise<void> {
  const [row] = await db.select({ ruleCode: sysFillRule.ruleCode }).from(sysFillRule).where(eq(sysFillRule.id, body.id));
  if (!row) throw new BizError(FillRuleMsg.notFound);
  if (row.ruleCode !== body.ruleCode) throw new BizError(FillRuleMsg.codeReadonly);
  await db.update(sysFillRule).set({ ...values(body), ...updated(user) }).where(and(eq(sysFillRule.id, body.id), eq(sysFillRule.ruleCode, row.ruleCode)));
}

/** Deleting a rule keeps its counters, so the same code added again goes on from its last number. */
export async function deleteFillRules(db: Db, ids: string[]): Promise<void> {
  const done = await db.delete(sysFillRule).where(inArray(sysFillRule.id, ids)).returning({ id: sysFillRule.id });
  if (done.length === 0) throw new BizError(FillRuleMsg.notFound);
}

