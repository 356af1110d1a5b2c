import { CheckMsg, type CheckRuleItem } from '@sbwq/contracts';

/**
 * One row of the rule editor. A check rule is stored as JeecgBoot's `[{digits, pattern, message}]`; a
 * length row is the pattern `^.{min,max}$`, recognised again when a rule is loaded.
 */
export type RuleRow = {
  key: string;
  /** "*" checks the whole value, N the next N characters */
  digits: string;
  kind: 'regex' | 'length';
  pattern: string;
  min: number | null;
  max: number | null;
  message: string;
};

export const MAX_RULE_ROWS = 20;
const LENGTH_PATTERN = /^\^\.\{(\d+),(\d*)\}\$$/;
const DIGITS = /^(\*|[1-9]\d{0,2})$/;

let counter = 0;
export const newRow = (over: Partial<RuleRow> = {}): RuleRow => ({
  key: `r${++counter}`,
  digits: '*',
  kind: 'regex',
  pattern: '',
  min: null,
  max: null,
  message: '',
  ...over,
});

export function rowsOf(ruleJson: string | null | undefined): RuleRow[] {
  let items: unknown;
  try {
    items = JSON.parse(ruleJson ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(items)) return [];
  return items.map((raw: Partial<CheckRuleItem>) => {
    const pattern = String(raw.pattern ?? '');
    const length = LENGTH_PATTERN.exec(pattern);
    const common = { digits: String(raw.digits ?? '*'), message: String(raw.message ?? '') };
    return length
      ? newRow({ ...common, kind: 'length', min: Number(length[1]), max: length[2] === '' ? null : Number(length[2]) })
      : newRow({ ...common, kind: 'regex', pattern });
  });
}

export const patternOf = (row: RuleRow) => (row.kind === 'length' ? `^.{${row.min ?? 0},${row.max ?? ''}}$` : row.pattern);

export const itemsOf = (rows: RuleRow[]): CheckRuleItem[] =>
  rows.map((row) => ({ digits: row.digits.trim(), pattern: patternOf(row), message: row.message.trim() }));

/** The first thing wrong with the rows, worded for the person editing them; null when they can be saved. */
export function rowsProblem(rows: RuleRow[] | undefined): string | null {
  if (!rows || rows.length === 0) return CheckMsg.ruleJsonRequired;
  if (rows.length > MAX_RULE_ROWS) return `最多${MAX_RULE_ROWS}条规则`;
  for (const [i, row] of rows.entries()) {
    const n = `第${i + 1}条规则`;
    if (!DIGITS.test(row.digits.trim()) || (row.digits.trim() !== '*' && Number(row.digits) > 500)) return `${n}：校验位数应为 * 或 1到500的数字`;
    if (row.kind === 'regex' && row.pattern.trim() === '') return `${n}：请输入正则表达式`;
    if (row.kind === 'regex' && row.pattern.length > 200) return `${n}：正则表达式最多200个字符`;
    if (row.kind === 'length') {
      if (row.min === null && row.max === null) return `${n}：请输入最小或最大长度`;
      for (const bound of [row.min, row.max]) if (bound !== null && (!Number.isInteger(bound) || bound < 0 || bound > 500)) return `${n}：长度应为0到500的整数`;
      if (row.min !== null && row.max !== null && row.min > row.max) return `${n}：最小长度不能大于最大长度`;
    }
    if (row.message.trim() === '') return `${n}：请输入提示文本`;
    if (row.message.trim().length > 100) return `${n}：提示文本最多100个字符`;
  }
  return null;
}
