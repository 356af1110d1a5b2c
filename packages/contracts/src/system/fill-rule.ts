import { z } from 'zod';
import { idField, intLike } from './dict.ts';
import { auditFields } from '../record-fields.ts';
import { defineFlow } from '../flow.ts';
import { defineResource, permCodes } from '../resource.ts';

/** 填值规则 (sys_fill_rule): named code generators `prefix + date + sequence`; no class or script can be named. */
export const FILL_DATE_PATTERNS = ['yyyyMMdd', 'yyyyMM', 'yyyy', 'none'] as const;
export const FILL_RESET_CYCLES = ['day', 'month', 'year', 'never'] as const;
export type FillDatePattern = (typeof FILL_DATE_PATTERNS)[number];
export type FillResetCycle = (typeof FILL_RESET_CYCLES)[number];

export const FillRuleMsg = {
  nameRequired: '规则名称不能为空!',
  codeRequired: '规则编码不能为空!',
  codeFormat: '规则编码只能包含字母、数字和下划线，且以字母开头',
  codeTaken: '规则编码已存在',
  codeReadonly: '规则编码不能修改（已生成的编号依赖它）',
  prefixFormat: '前缀只能包含文字、字母、数字、下划线和短横线，最多20个字符',
  datePattern: '日期格式只能是 yyyyMMdd、yyyyMM、yyyy 或 none',
  resetCycle: '重置周期只能是 day、month、year 或 never',
  seqWidth: '流水号位数应为1到10',
  notFound: '填值规则不存在',
  paramsJson: '规则参数请输入JSON对象，如 {"prefix":"CN"}',
  paramsArray: '规则参数只能传递JSON对象，不能传递JSON数组',
  paramsTooLong: '规则参数不能超过500个字符',
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
} as const;

const GRANULARITY: Record<FillDatePattern | FillResetCycle, number> = {
  yyyyMMdd: 3,
  day: 3,
  yyyyMM: 2,
  month: 2,
  yyyy: 1,
  year: 1,
  none: 0,
  never: 0,
};

/**
 * Numbers stay unique only when the date part tells the reset periods apart: a sequence reset daily
 * under a yyyyMM date would issue the same number on two days.
 */
export function fillRuleCombinationError(datePattern: FillDatePattern, resetCycle: FillResetCycle): string | null {
  if (GRANULARITY[datePattern] >= GRANULARITY[resetCycle]) return null;
  const need = { day: 'yyyyMMdd', month: 'yyyyMMdd 或 yyyyMM', year: 'yyyyMMdd、yyyyMM 或 yyyy', never: '' }[resetCycle];
  return `按${{ day: '日', month: '月', year: '年', never: '' }[resetCycle]}重置时日期格式须为 ${need}，否则编号会重复`;
}

/**
 * The stock client's 规则实现类 this server answers to, each mapped to a generator of its own (JeecgBoot
 * loaded the named Java class; here the name is only a key). OrderNumberRule is the sequence above.
 */
export const FILL_RULE_CLASSES = {
  'org.jeecg.modules.system.rule.OrderNumberRule': '流水号（前缀 + 日期 + 序号）',
  'org.jeecg.modules.system.rule.CategoryCodeRule': '分类字典编码（参数 pid）',
  'org.jeecg.modules.system.rule.OrgCodeRule': '机构编码（参数 parentId）',
} as const;
export type FillRuleClass = keyof typeof FILL_RULE_CLASSES;
export const SEQUENCE_RULE_CLASS = 'org.jeecg.modules.system.rule.OrderNumberRule' satisfies FillRuleClass;
export const fillRuleClassError = (name: string) =>
  `不支持的规则实现类“${name.slice(0, 100)}”：本系统不加载任意类，只提供 ${Object.keys(FILL_RULE_CLASSES).join('、')}`;

/** 规则参数: a JSON object, as the stock form checks it; kept as text, read as data. */
function ruleParamsIssue(text: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return FillRuleMsg.paramsJson;
  }
  if (Array.isArray(value)) return FillRuleMsg.paramsArray;
  if (value === null || typeof value !== 'object') return FillRuleMsg.paramsJson;
  return null;
}

export const FILL_RULE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

const fields = {
  ruleName: z
    .string({ error: FillRuleMsg.nameRequired })
    .max(100, '长度不能超过100个字符')
    .refine((v) => v.trim() !== '', FillRuleMsg.nameRequired)
    .transform((v) => v.trim()),
  ruleCode: z
    .string({ error: FillRuleMsg.codeRequired })
    .max(64, '长度不能超过64个字符')
    .refine((v) => v.trim() !== '', FillRuleMsg.codeRequired)
    .regex(FILL_RULE_CODE_PATTERN, FillRuleMsg.codeFormat),
  prefix: z
    .string()
    .regex(/^[\p{L}\p{N}_-]{0,20}$/u, FillRuleMsg.prefixFormat)
    .nullish(),
  datePattern: z.enum(FILL_DATE_PATTERNS, { error: FillRuleMsg.datePattern }).default('yyyyMMdd'),
  seqWidth: intLike(1, 10, FillRuleMsg.seqWidth).default(3),
  resetCycle: z.enum(FILL_RESET_CYCLES, { error: FillRuleMsg.resetCycle }).default('day'),
  description: z.string().max(255, '长度不能超过255个字符').nullish(),
  ruleClass: z
    .string()
    .max(200)
    .nullish()
    // left out (our own form) keeps the rule's class on edit; empty is the sequence
    .transform((v) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim()))
    .refine((v) => v == null || Object.hasOwn(FILL_RULE_CLASSES, v), { error: (issue) => fillRuleClassError(String(issue.input ?? '')) }),
  ruleParams: z
    .string()
    .max(500, FillRuleMsg.paramsTooLong)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim()))
    .superRefine((v, ctx) => {
      const issue = v == null ? null : ruleParamsIssue(v);
      if (issue) ctx.addIssue({ code: 'custom', message: issue });
    }),
};

/**
 * 规则参数 of the sequence (OrderNumberRule), what the stock form edits: `{"prefix":"CN","datePattern":"yyyyMM"}`;
 * a key it names replaces the form's field, one it leaves out keeps it.
 */
export const fillRuleSequenceParams = z.object({
  prefix: fields.prefix,
  datePattern: z.enum(FILL_DATE_PATTERNS, { error: FillRuleMsg.datePattern }).optional(),
  seqWidth: intLike(1, 10, FillRuleMsg.seqWidth).optional(),
  resetCycle: z.enum(FILL_RESET_CYCLES, { error: FillRuleMsg.resetCycle }).optional(),
});

const combination = (body: { datePattern: FillDatePattern; resetCycle: FillResetCycle }, ctx: z.RefinementCtx) => {
  const error = fillRuleCombinationError(body.datePattern, body.resetCycle);
  if (error) ctx.addIssue({ code: 'custom', message: error, path: ['resetCycle'] });
};
export const fillRuleAddBody = z.object(fields).superRefine(combination);
export const fillRuleEditBody = z.object({ id: idField, ...fields }).superRefine(combination);
export type FillRuleAddBody = z.infer<typeof fillRuleAddBody>;
export type FillRuleEditBody = z.infer<typeof fillRuleEditBody>;

export const fillRuleRecordSchema = z.object({
  id: z.string(),
  ruleName: z.string(),
  ruleCode: z.string(),
  prefix: z.string(),
  datePattern: z.enum(FILL_DATE_PATTERNS),
  seqWidth: z.number(),
  resetCycle: z.enum(FILL_RESET_CYCLES),
  description: z.string().nullable(),
  ruleClass: z.string(),
  ruleParams: z.string(),
  ...auditFields,
});
export type FillRuleRecord = z.infer<typeof fillRuleRecordSchema>;

export const FillRulePerm = permCodes('system:fillRule', ['list', 'add', 'edit', 'delete', 'export', 'import']);

/** 填值规则 as a standard resource: `/sys/fillRule/list` … `deleteBatch`. */
export const fillRuleResource = defineResource<FillRuleRecord>()({
  basePath: '/sys/fillRule',
  entity: '填值规则',
  perm: FillRulePerm,
  record: fillRuleRecordSchema,
  routes: ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel'],
  addBody: fillRuleAddBody,
  editBody: fillRuleEditBody,
  docs: {
    add: { description: '编号 = 前缀 + 日期（yyyyMMdd/yyyyMM/yyyy/none）+ 流水号（1–10 位，按日/月/年重置或不重置）；规则编码唯一。' },
    edit: { description: '规则编码不可修改。' },
  },
});

/** The next number of a rule, what business forms call; a PUT's body (form data) is ignored. */
export const fillRuleFlow = defineFlow<FillRuleRecord>()({
  basePath: '/sys/fillRule',
  actions: {
    executeRuleByCode: {
      path: 'executeRuleByCode/:ruleCode',
      method: 'GET',
      alsoMethods: ['PUT'],
      signedIn: true,
      params: z.object({ ruleCode: z.string().min(1).max(64) }),
      reply: z.string(),
      summary: '按规则编码生成下一个编号',
    },
    testFillRule: {
      path: 'testFillRule',
      method: 'GET',
      permission: FillRulePerm.list,
      query: z.object({ ruleCode: z.string({ error: FillRuleMsg.codeRequired }).min(1, FillRuleMsg.codeRequired).max(64) }),
      reply: z.string(),
      summary: '功能测试：按规则参数预览下一个编号（不占用编号）',
    },
  },
});
