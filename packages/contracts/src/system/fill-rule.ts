import { z } from 'zod';
import { auditShape, idField, intLike } from './dict.ts';
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
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
} as const;

const GRANULARITY: Record<FillDatePattern | FillResetCycle, number> = {
  yyyyMMdd: 3, day: 3, yyyyMM: 2, month: 2, yyyy: 1, year: 1, none: 0, never: 0,
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
  prefix: z.string().regex(/^[\p{L}\p{N}_-]{0,20}$/u, FillRuleMsg.prefixFormat).nullish(),
  datePattern: z.enum(FILL_DATE_PATTERNS, { error: FillRuleMsg.datePattern }).default('yyyyMMdd'),
  seqWidth: intLike(1, 10, FillRuleMsg.seqWidth).default(3),
  resetCycle: z.enum(FILL_RESET_CYCLES, { error: FillRuleMsg.resetCycle }).default('day'),
  description: z.string().max(255, '长度不能超过255个字符').nullish(),
};

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
  ...auditShape,
});
export type FillRuleRecord = z.infer<typeof fillRuleRecordSchema>;

export const FillRulePerm = permCodes('system:fillRule', ['list', 'add', 'edit', 'delete']);

/** 填值规则 as a standard resource: `/sys/fillRule/list` … `deleteBatch`. */
export const fillRuleResource = defineResource<FillRuleRecord>()({
  basePath: '/sys/fillRule',
  entity: '填值规则',
  perm: FillRulePerm,
  record: fillRuleRecordSchema,
  routes: ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch'],
  addBody: fillRuleAddBody,
  editBody: fillRuleEditBody,
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
  },
});
