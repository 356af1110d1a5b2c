import { eq, inArray } from 'drizzle-orm';
import type { CheckFailure, CheckRuleAddBody, CheckRuleEditBody, CheckRuleItem, CheckRuleRecord, Page } from '@sbwq/contracts';
import { CHECK_VALUE_MAX, CheckMsg, checkRuleItems, checkRuleMsg } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import type { ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import { created, updated } from '../../../platform/db/audit.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import { isUniqueViolation } from '../../../platform/db/errors.ts';
import { sysCheckRule } from './check-rule.table.ts';
import { regexSandbox, RegexTimeoutError, type RegexTest } from './regex-sandbox.ts';

/** Time one pattern may take over all the adversarial inputs on save, and one whole check may take. */
export const VET_TIMEOUT_MS = 100;
/**
 * A pattern over the first limit gets one more try with this much: a busy machine can starve the worker
 * past 100 ms on a harmless pattern, while a catastrophic one needs far more than a second.
 */
export const VET_RETRY_TIMEOUT_MS = 1_500;
export const CHECK_TIMEOUT_MS = 100;

/**
 * A rule's pattern as JeecgBoot's `Pattern.matches` reads it: the whole slice must match. Unicode mode
 * first; a pattern only valid without it (Java-style `\_`) is taken in legacy mode.
 */
export function compilePattern(pattern: string): { source: string; flags: string } | null {
  const source = `^(?:${pattern})$`;
  for (const flags of ['u', '']) {
    try {
      new RegExp(source, flags);
      return { source, flags };
    } catch {
      // try the next mode
    }
  }
  return null;
}

const BASE_CHARS = ['a', 'A', 'z', '0', '9', ' ', '_', '-', '.', '@', ',', '/', ':', '\t', '中', 'é'];
const TAILS = ['', '!', '\u0000'];
const LENGTHS = [32, CHECK_VALUE_MAX];

/**
 * Inputs that make backtracking blow up on a bad pattern: long runs of one character — the pattern's own
 * literal characters and common classes — ending in a character that makes the match fail late.
 */
export function adversarialInputs(pattern: string): string[] {
  const own = [...new Set([...pattern].filter((c) => !'\\^$.|?*+()[]{}'.includes(c)))].slice(0, 40);
  const chars = [...new Set([...BASE_CHARS, ...own])];
  const inputs: string[] = [];
  for (const length of LENGTHS) for (const c of chars) for (const tail of TAILS) inputs.push(c.repeat(length) + tail);
  return inputs;
}

/** Runs the tests in the sandbox; over `timeoutMs`, one more try with VET_RETRY_TIMEOUT_MS (saving and checking alike). */
function runPatiently(tests: RegexTest[], stopOnFail: boolean, timeoutMs: number): Promise<boolean[]> {
  const attempt = (limit: number) => regexSandbox().run(tests, { stopOnFail, timeoutMs: limit });
  return attempt(timeoutMs).catch((error: unknown) => {
    if (error instanceof RegexTimeoutError) return attempt(VET_RETRY_TIMEOUT_MS);
    throw error;
  });
}

/** Refuses a rule whose pattern is invalid or backtracks catastrophically (measured in a worker, with a time limit). */
export async function vetRules(items: CheckRuleItem[]): Promise<void> {
  for (const [i, item] of items.entries()) {
    const compiled = compilePattern(item.pattern);
    if (!compiled) throw new BizError(checkRuleMsg.patternInvalid(i + 1));
    const tests: RegexTest[] = adversarialInputs(item.pattern).map((input) => ({ ...compiled, input }));
    try {
      await runPatiently(tests, false, VET_TIMEOUT_MS);
    } catch (error) {
      if (error instanceof RegexTimeoutError) throw new BizError(checkRuleMsg.patternUnsafe(i + 1));
      throw new BizError(checkRuleMsg.patternInvalid(i + 1));
    }
  }
}

/** JeecgBoot decodes the value once more (`URLDecoder.decode`): `+` is a space; a malformed escape stays as typed. */
export function decodeValue(raw: string): string {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return raw;
  }
}

type Slice = { item: CheckRuleItem; checkValue: string; beginIndex?: number; endIndex?: number };

/** The slices each rule checks, in order (JEECG-API §5.4): `*` the whole value, N the next N characters. */
export function slicesOf(items: CheckRuleItem[], value: string): Slice[] {
  const chars = [...value];
  let begin = 0;
  return items.map((item) => {
    if (item.digits === '*') return { item, checkValue: value };
    const n = Number(item.digits);
    const end = Math.min(begin + n, chars.length);
    const slice = { item, beginIndex: begin, endIndex: end, checkValue: begin > end ? '' : chars.slice(begin, end).join('') };
    begin += n;
    return slice;
  });
}

/** checkByCode: null when the value passes every rule, else the first failure as JeecgBoot reports it. */
async function firstFailure(db: Db, ruleCode: string, rawValue: string): Promise<CheckFailure | null> {
  const [rule] = await db.select({ ruleJson: sysCheckRule.ruleJson }).from(sysCheckRule).where(eq(sysCheckRule.ruleCode, ruleCode));
  if (!rule) throw new BizError(CheckMsg.codeMissing);
  const value = decodeValue(rawValue);
  if ([...value].length > CHECK_VALUE_MAX) throw new BizError(CheckMsg.valueTooLong);
  if (value.trim() === '') return null;
  let items: CheckRuleItem[];
  try {
    items = checkRuleItems.parse(JSON.parse(rule.ruleJson));
  } catch {
    throw new BizError(CheckMsg.ruleJsonBad);
  }
  const slices = slicesOf(items, value);
  const tests: RegexTest[] = [];
  for (const s of slices) {
    const compiled = compilePattern(s.item.pattern);
    if (!compiled) throw new BizError(CheckMsg.ruleJsonBad);
    tests.push({ ...compiled, input: s.checkValue });
  }
  let results: boolean[];
  try {
    results = await runPatiently(tests, true, CHECK_TIMEOUT_MS);
  } catch (error) {
    if (error instanceof RegexTimeoutError) throw new BizError(CheckMsg.checkTimeout);
    throw new BizError(CheckMsg.ruleJsonBad);
  }
  const failed = results.indexOf(false);
  if (failed < 0) return null;
  const s = slices[failed];
  return {
    digits: s.item.digits,
    pattern: s.item.pattern,
    message: s.item.message,
    ...(s.beginIndex !== undefined ? { beginIndex: s.beginIndex, endIndex: s.endIndex } : {}),
    checkValue: s.checkValue,
    passed: false,
  };
}

/** JeecgBoot answers a failed check with the failure as `result` under HTTP 200. */
export async function checkByCode({ db }: ResourceCtx, query: { ruleCode: string; value: string }): Promise<null> {
  const failure = await firstFailure(db, query.ruleCode, query.value);
  if (failure) throw new BizError(failure.message, 500, 200, failure);
  return null;
}

// ---- administration ----

export const checkRuleWhitelist: ListResource = {
  table: sysCheckRule,
  fields: fieldsOf(sysCheckRule, { ruleName: 'string', ruleCode: 'string', createTime: 'datetime' }),
  defaultSort: { field: 'createTime', order: 'desc' },
};

type Row = typeof sysCheckRule.$inferSelect;
const record = (row: Row): CheckRuleRecord => withDateTexts(row);

export async function listCheckRules({ db }: ResourceCtx, params: ListParams): Promise<Page<CheckRuleRecord>> {
  const page = await pageOf<Row>(db, checkRuleWhitelist, params, { tieBreak: sysCheckRule.id });
  return { ...page, records: page.records.map(record) };
}

export async function checkRuleById({ db }: Pick<ResourceCtx, 'db'>, id: string): Promise<CheckRuleRecord> {
  const [row] = await db.select().from(sysCheckRule).where(eq(sysCheckRule.id, id));
  if (!row) throw new BizError(CheckMsg.notFound);
  return record(row);
}

async function write(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (error) {
    if (isUniqueViolation(error)) throw new BizError(CheckMsg.codeTaken);
    throw error;
  }
}

async function assertCodeFree(db: Db, code: string, exceptId?: string) {
  const [taken] = await db.select({ id: sysCheckRule.id }).from(sysCheckRule).where(eq(sysCheckRule.ruleCode, code));
  if (taken && taken.id !== exceptId) throw new BizError(CheckMsg.codeTaken);
}

export async function addCheckRule({ db, user }: ResourceCtx, body: CheckRuleAddBody): Promise<void> {
  await assertCodeFree(db, body.ruleCode);
  await vetRules(body.ruleJson);
  await write(() =>
    db.insert(sysCheckRule).values({
      id: newId(),
      ruleName: body.ruleName,
      ruleCode: body.ruleCode,
      ruleJson: JSON.stringify(body.ruleJson),
      ruleDescription: body.ruleDescription ?? null,
      ...created(user),
    }),
  );
}

export async function editCheckRule({ db, user }: ResourceCtx, body: CheckRuleEditBody): Promise<void> {
  await checkRuleById({ db }, body.id);
  await assertCodeFree(db, body.ruleCode, body.id);
  await vetRules(body.ruleJson);
  await write(() =>
    db
      .update(sysCheckRule)
      .set({
        ruleName: body.ruleName,
        ruleCode: body.ruleCode,
        ruleJson: JSON.stringify(body.ruleJson),
        ruleDescription: body.ruleDescription ?? null,
        ...updated(user),
      })
      .where(eq(sysCheckRule.id, body.id)),
  );
}

export async function deleteCheckRules({ db }: ResourceCtx, ids: string[]): Promise<void> {
  const done = await db.delete(sysCheckRule).where(inArray(sysCheckRule.id, ids)).returning({ id: sysCheckRule.id });
  if (done.length === 0) throw new BizError(CheckMsg.notFound);
}

export const resource = { list: listCheckRules, byId: checkRuleById, add: addCheckRule, edit: editCheckRule, remove: deleteCheckRules };
