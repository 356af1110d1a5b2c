import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FillDatePattern, FillResetCycle, FillRuleAddBody, FillRuleEditBody, FillRuleRecord, Page } from '@sbwq/contracts';
import { fillRuleCombinationError, FillRuleMsg, fillRuleSequenceParams, SEQUENCE_RULE_CLASS } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import type { ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import { created, updated } from '../../../platform/db/audit.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import { isUniqueViolation } from '../../../platform/db/errors.ts';
import { sysFillRule, sysFillRuleSeq } from './fill-rule.table.ts';
import { ruleClassOf, TREE_CODE_RULES } from './fill-rule.classes.ts';

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
  const rule = await ruleOf(db, ruleCode);
  const tree = treeRuleOf(rule);
  if (tree) return tree(db, rule.ruleParams);
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

async function ruleOf(db: Db, ruleCode: string) {
  const [rule] = await db
    .select({
      prefix: sysFillRule.prefix,
      datePattern: sysFillRule.datePattern,
      seqWidth: sysFillRule.seqWidth,
      resetCycle: sysFillRule.resetCycle,
      ruleClass: sysFillRule.ruleClass,
      ruleParams: sysFillRule.ruleParams,
    })
    .from(sysFillRule)
    .where(eq(sysFillRule.ruleCode, ruleCode));
  if (!rule) throw new BizError(FillRuleMsg.notFound);
  return rule;
}

/** The generator of a stock tree-code class, or null for the sequence. */
function treeRuleOf(rule: { ruleClass: string | null }) {
  const name = ruleClassOf(rule.ruleClass);
  return name === SEQUENCE_RULE_CLASS ? null : TREE_CODE_RULES[name];
}

/**
 * 功能测试 (the stock list's testFillRule): the value the rule gives next, with its stored parameters.
 * A sequence is only read, not advanced — a test must not use up a number a business record would get.
 */
export async function testFillRule(db: Db, ruleCode: string, now: Date = new Date()): Promise<string> {
  const rule = await ruleOf(db, ruleCode);
  const tree = treeRuleOf(rule);
  if (tree) return tree(db, rule.ruleParams);
  const typed = rule as Rule;
  const [counter] = await db
    .select({ value: sysFillRuleSeq.currentValue })
    .from(sysFillRuleSeq)
    .where(and(eq(sysFillRuleSeq.ruleCode, ruleCode), eq(sysFillRuleSeq.period, periodKey(typed.resetCycle, now))));
  return formatCode(typed, Number(counter?.value ?? 0) + 1, now);
}

/** The stock 填值规则 calls: the next number (advancing the sequence), or the number a test would get. */
export const executeRuleByCode = ({ db }: ResourceCtx, input: { ruleCode: string }) => nextCode(db, input.ruleCode);
export const testRuleByCode = ({ db }: ResourceCtx, input: { ruleCode: string }) => testFillRule(db, input.ruleCode);

export const fillRuleWhitelist: ListResource = {
  table: sysFillRule,
  fields: fieldsOf(sysFillRule, { ruleName: 'string', ruleCode: 'string', createTime: 'datetime' }),
  defaultSort: { field: 'createTime', order: 'desc' },
};

type Row = typeof sysFillRule.$inferSelect;

const sequenceParams = (row: Pick<Row, 'prefix' | 'datePattern' | 'seqWidth' | 'resetCycle'>) =>
  JSON.stringify({ prefix: row.prefix, datePattern: row.datePattern, seqWidth: row.seqWidth, resetCycle: row.resetCycle });

/**
 * The stock form shows 规则实现类 and 规则参数 only: a sequence's parameters are its own fields as JSON,
 * so what the form shows is what runs, and saving them back changes those fields.
 */
export const fillRuleRecord = (row: Row): FillRuleRecord => {
  const ruleClass = row.ruleClass ?? SEQUENCE_RULE_CLASS;
  const ruleParams = ruleClass === SEQUENCE_RULE_CLASS ? sequenceParams(row) : (row.ruleParams ?? '{}');
  return withDateTexts({ ...row, ruleClass, ruleParams }) as FillRuleRecord;
};

export async function listFillRules({ db }: ResourceCtx, params: ListParams): Promise<Page<FillRuleRecord>> {
  const page = await pageOf<Row>(db, fillRuleWhitelist, params, { tieBreak: sysFillRule.id });
  return { ...page, records: page.records.map(fillRuleRecord) };
}

export async function fillRuleById({ db }: ResourceCtx, id: string): Promise<FillRuleRecord> {
  const [row] = await db.select().from(sysFillRule).where(eq(sysFillRule.id, id));
  if (!row) throw new BizError(FillRuleMsg.notFound);
  return fillRuleRecord(row);
}

function sameJson(text: string, other: string): boolean {
  const a = JSON.parse(text) as Record<string, unknown>;
  const b = JSON.parse(other) as Record<string, unknown>;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => String(a[k]) === String(b[k]));
}

/** The sequence's fields, from the form or from 规则参数 (the stock form), checked as one. */
function sequenceOf(body: FillRuleAddBody): Rule {
  let rule: Rule = { prefix: body.prefix ?? '', datePattern: body.datePattern, seqWidth: body.seqWidth, resetCycle: body.resetCycle };
  if (body.ruleParams) {
    const parsed = fillRuleSequenceParams.safeParse(JSON.parse(body.ruleParams));
    if (!parsed.success) throw new BizError(`规则参数：${parsed.error.issues[0].message}`);
    const p = parsed.data;
    rule = {
      prefix: p.prefix ?? rule.prefix,
      datePattern: p.datePattern ?? rule.datePattern,
      seqWidth: p.seqWidth ?? rule.seqWidth,
      resetCycle: p.resetCycle ?? rule.resetCycle,
    };
  }
  const combination = fillRuleCombinationError(rule.datePattern, rule.resetCycle);
  if (combination) throw new BizError(combination);
  return rule;
}

/** `kept`: the class and parameters stored, for an edit that does not send them (our own form). */
function values(body: FillRuleAddBody, kept?: { ruleClass: string | null; ruleParams: string | null }) {
  const ruleClass = body.ruleClass === undefined ? ruleClassOf(kept?.ruleClass ?? null) : (body.ruleClass ?? SEQUENCE_RULE_CLASS);
  const sequence = ruleClass === SEQUENCE_RULE_CLASS;
  const ruleParams = body.ruleParams === undefined && body.ruleClass === undefined ? (kept?.ruleParams ?? null) : (body.ruleParams ?? null);
  return {
    ruleName: body.ruleName,
    ...(sequence ? sequenceOf(body) : {}),
    ruleClass: sequence ? null : ruleClass,
    ruleParams: sequence ? null : ruleParams,
    description: body.description ?? null,
  };
}

export async function addFillRule({ db, user }: ResourceCtx, body: FillRuleAddBody): Promise<void> {
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
export async function editFillRule({ db, user }: ResourceCtx, body: FillRuleEditBody): Promise<void> {
  const [row] = await db.select().from(sysFillRule).where(eq(sysFillRule.id, body.id));
  if (!row) throw new BizError(FillRuleMsg.notFound);
  if (row.ruleCode !== body.ruleCode) throw new BizError(FillRuleMsg.codeReadonly);
  // A record sent back with its 规则参数 as read and its fields edited: the fields are the change.
  const paramsAsRead = row.ruleClass === null && body.ruleParams != null && sameJson(body.ruleParams, sequenceParams(row));
  const change = paramsAsRead ? { ...body, ruleParams: null } : body;
  await db
    .update(sysFillRule)
    .set({ ...values(change, row), ...updated(user) })
    .where(and(eq(sysFillRule.id, body.id), eq(sysFillRule.ruleCode, row.ruleCode)));
}

/** Deleting a rule keeps its counters, so the same code added again goes on from its last number. */
export async function deleteFillRules({ db }: ResourceCtx, ids: string[]): Promise<void> {
  const done = await db.delete(sysFillRule).where(inArray(sysFillRule.id, ids)).returning({ id: sysFillRule.id });
  if (done.length === 0) throw new BizError(FillRuleMsg.notFound);
}

export const resource = { list: listFillRules, byId: fillRuleById, add: addFillRule, edit: editFillRule, remove: deleteFillRules };
