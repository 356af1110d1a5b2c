import type { EditableColumn, Row, RulePreset, ValidateRule } from './types.ts';

/**
 * spec §5 "Editable-table rule presets", as JeecgBoot names them. The 6-18 digit preset is labelled
 * 6 to 16 in the original, and the spec keeps that.
 */
export const RULE_PRESETS: Record<RulePreset, { label: string; pattern: RegExp }> = {
  '*': { label: '非空', pattern: /\S/ },
  'n6-16': { label: '6到16位数字', pattern: /^\d{6,18}$/ },
  '*6-16': { label: '6到16位任意字符', pattern: /^[\s\S]{6,16}$/ },
  's6-18': { label: '6到18位字母', pattern: /^[a-zA-Z]{6,18}$/ },
  url: { label: '网址', pattern: /^(?:https?|ftp):\/\/[\w-]+(?:\.[\w-]+)+(?::\d+)?(?:[/?#][^\s]*)?$/i },
  e: { label: '电子邮件', pattern: /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/ },
  m: { label: '手机号码', pattern: /^1[3-9]\d{9}$/ },
  p: { label: '邮政编码', pattern: /^[1-9]\d{5}$/ },
  s: { label: '字母', pattern: /^[a-zA-Z]+$/ },
  n: { label: '数字', pattern: /^-?\d+(?:\.\d+)?$/ },
  z: { label: '整数', pattern: /^-?\d+$/ },
  money: { label: '金额', pattern: /^(?:0|[1-9]\d*)(?:\.\d{1,2})?$/ },
};

export const isBlank = (value: unknown) =>
  value === null || value === undefined || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);

const textOf = (value: unknown) => (Array.isArray(value) ? value.join(',') : String(value));

/** The message a rule fails with when it names none. */
export function defaultMessage(rule: ValidateRule, column: Pick<EditableColumn, 'title'>): string {
  if ('required' in rule) return `${column.title}不能为空`;
  if ('unique' in rule) return `${column.title}不能重复`;
  if ('pattern' in rule) {
    if (rule.pattern === '*') return `${column.title}不能为空`;
    const preset = typeof rule.pattern === 'string' ? RULE_PRESETS[rule.pattern] : null;
    return preset ? `${column.title}须为${preset.label}` : `${column.title}格式不正确`;
  }
  return `${column.title}校验未通过`;
}

const isRequired = (rule: ValidateRule) => 'required' in rule || ('pattern' in rule && rule.pattern === '*');

/**
 * How often each value occurs in a column, so that `unique` costs one pass over the rows rather than
 * one per cell.
 */
export function columnCounts(rows: readonly Row[], key: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const value = row[key];
    if (isBlank(value)) continue;
    const text = textOf(value);
    counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  return counts;
}

export type SyncOutcome = { message: string | null; pending: Promise<string | null> | null };

/**
 * The first failing rule of a cell, in the column's order. Rules other than required pass a blank
 * value. A handler answering a promise leaves the outcome pending on it (the sync rules before it passed).
 */
export function checkCell(value: unknown, column: EditableColumn, row: Row, rows: readonly Row[], counts?: Map<string, number>): SyncOutcome {
  const rules = column.validateRules ?? [];
  for (let index = 0; index < rules.length; index += 1) {
    const rule = rules[index];
    const message = rule.message ?? defaultMessage(rule, column);
    if (isBlank(value)) {
      if (isRequired(rule)) return { message, pending: null };
      continue;
    }
    if ('pattern' in rule) {
      const pattern = typeof rule.pattern === 'string' ? RULE_PRESETS[rule.pattern].pattern : rule.pattern;
      if (!pattern.test(textOf(value))) return { message, pending: null };
    } else if ('unique' in rule) {
      const text = textOf(value);
      const seen = counts ? (counts.get(text) ?? 0) : rows.filter((other) => !isBlank(other[column.key]) && textOf(other[column.key]) === text).length;
      if (seen > 1) return { message, pending: null };
    } else if ('handler' in rule) {
      const answer = rule.handler(value, { row, column, rows });
      if (answer instanceof Promise) {
        const rest = { ...column, validateRules: rules.slice(index + 1) };
        const pending = answer.then(
          (failed) => failed ?? checkCell(value, rest, row, rows, counts).message,
          (error: unknown) => (error instanceof Error && error.message ? error.message : message),
        );
        return { message: null, pending };
      }
      if (answer) return { message: answer, pending: null };
    }
  }
  return { message: null, pending: null };
}

/** The message of a cell once every rule, async ones included, has answered; null when it passes. */
export async function validateCell(
  value: unknown,
  column: EditableColumn,
  row: Row,
  rows: readonly Row[],
  counts?: Map<string, number>,
): Promise<string | null> {
  const outcome = checkCell(value, column, row, rows, counts);
  return outcome.pending ? outcome.pending : outcome.message;
}
