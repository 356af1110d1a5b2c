import { z } from 'zod';
import { idField } from './dict.ts';
import { auditFields } from '../record-fields.ts';
import { defineFlow } from '../flow.ts';
import { defineResource, permCodes } from '../resource.ts';

/** 校验规则 (sys_check_rule) and the duplicate check (JEECG-API §5.4, spec §7 Checks). */
export const CheckMsg = {
  codeMissing: '该编码不存在',
  valueAvailable: '该值可用！',
  valueTaken: '该值不可用，系统中已存在！',
  notCheckable: '不支持对该表字段查重',
  nameRequired: '规则名称不能为空!',
  codeRequired: '规则编码不能为空!',
  codeFormat: '规则编码只能包含字母、数字和下划线，且以字母开头',
  codeTaken: '规则编码已存在',
  ruleJsonRequired: '规则内容不能为空!',
  ruleJsonBad: '规则内容应为 [{digits, pattern, message}] 的 JSON 数组',
  ruleJsonTooLong: '规则内容过长（最多1024个字符）',
  valueTooLong: '校验值过长',
  checkTimeout: '校验超时，请联系管理员检查该校验规则',
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
  notFound: '未找到对应数据',
} as const;

export const checkRuleMsg = {
  patternInvalid: (n: number) => `第${n}条规则的正则表达式不正确`,
  patternUnsafe: (n: number) => `第${n}条规则的正则表达式存在灾难性回溯风险（对某些输入耗时过长），请简化后再保存`,
} as const;

export const CHECK_RULE_JSON_MAX = 1024;
/** Values longer than this are refused before any pattern runs. */
export const CHECK_VALUE_MAX = 500;

/** One rule: `digits` "*" checks the whole value, N the next N characters (JEECG-API §5.4). */
export const checkRuleItem = z.object({
  digits: z.union([
    z.literal('*'),
    z.number().int().min(1).max(CHECK_VALUE_MAX).transform(String),
    z
      .string()
      .regex(/^[1-9]\d{0,2}$/)
      .refine((v) => Number(v) <= CHECK_VALUE_MAX),
  ]),
  pattern: z.string().min(1).max(200),
  message: z.string().min(1).max(100),
});
export type CheckRuleItem = z.infer<typeof checkRuleItem>;
export const checkRuleItems = z.array(checkRuleItem).min(1).max(20);

/** rule_json as the JeecgBoot client sends it (a JSON string) or as an array; stored as a string. */
export const ruleJsonField = z.union([z.string(), z.array(z.unknown())], { error: CheckMsg.ruleJsonRequired }).transform((value, ctx) => {
  if (typeof value === 'string' && value.trim() === '') {
    ctx.addIssue({ code: 'custom', message: CheckMsg.ruleJsonRequired });
    return z.NEVER;
  }
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: CheckMsg.ruleJsonBad });
      return z.NEVER;
    }
  }
  const items = checkRuleItems.safeParse(parsed);
  if (!items.success) {
    ctx.addIssue({ code: 'custom', message: CheckMsg.ruleJsonBad });
    return z.NEVER;
  }
  const json = JSON.stringify(items.data);
  if (json.length > CHECK_RULE_JSON_MAX) {
    ctx.addIssue({ code: 'custom', message: CheckMsg.ruleJsonTooLong });
    return z.NEVER;
  }
  return items.data;
});

export const CHECK_RULE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;

const fields = {
  ruleName: z
    .string({ error: CheckMsg.nameRequired })
    .max(100, '长度不能超过100个字符')
    .refine((v) => v.trim() !== '', CheckMsg.nameRequired)
    .transform((v) => v.trim()),
  ruleCode: z
    .string({ error: CheckMsg.codeRequired })
    .max(100, '长度不能超过100个字符')
    .refine((v) => v.trim() !== '', CheckMsg.codeRequired)
    .regex(CHECK_RULE_CODE_PATTERN, CheckMsg.codeFormat),
  ruleJson: ruleJsonField,
  ruleDescription: z.string().max(200, '长度不能超过200个字符').nullish(),
};
export const checkRuleAddBody = z.object(fields);
export const checkRuleEditBody = z.object({ id: idField, ...fields });
export type CheckRuleAddBody = z.infer<typeof checkRuleAddBody>;
export type CheckRuleEditBody = z.infer<typeof checkRuleEditBody>;

export const checkRuleRecordSchema = z.object({
  id: z.string(),
  ruleName: z.string(),
  ruleCode: z.string(),
  ruleJson: z.string(),
  ruleDescription: z.string().nullable(),
  ...auditFields,
});
export type CheckRuleRecord = z.infer<typeof checkRuleRecordSchema>;

/** Result of a failed checkByCode, exactly as JeecgBoot's (beginIndex/endIndex only for a `digits: N` rule). */
export const checkFailureSchema = z.object({
  digits: z.string(),
  pattern: z.string(),
  message: z.string(),
  beginIndex: z.number().optional(),
  endIndex: z.number().optional(),
  checkValue: z.string(),
  passed: z.literal(false),
});
export type CheckFailure = z.infer<typeof checkFailureSchema>;

export const checkByCodeQuery = z.object({
  ruleCode: z.string({ error: CheckMsg.codeMissing }).max(100),
  value: z
    .string()
    .max(CHECK_VALUE_MAX * 12, CheckMsg.valueTooLong)
    .default(''),
});

export const duplicateCheckQuery = z.object({
  tableName: z.string({ error: CheckMsg.notCheckable }).max(64, CheckMsg.notCheckable),
  fieldName: z.string({ error: CheckMsg.notCheckable }).max(64, CheckMsg.notCheckable),
  fieldVal: z.string().max(500, '查重的值过长').default(''),
  dataId: z.string().max(64).optional(),
});

export const CheckRulePerm = permCodes('system:checkRule', ['list', 'add', 'edit', 'delete']);

/** 校验规则 as a standard resource: `/sys/checkRule/list` … `deleteBatch`. */
export const checkRuleResource = defineResource<CheckRuleRecord>()({
  basePath: '/sys/checkRule',
  entity: '校验规则',
  perm: CheckRulePerm,
  record: checkRuleRecordSchema,
  routes: ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch'],
  addBody: checkRuleAddBody,
  editBody: checkRuleEditBody,
  docs: {
    add: { description: 'ruleJson 为 [{digits, pattern, message}]（JSON 字符串或数组）；保存前检查正则是否有效、是否有灾难性回溯（在工作线程中限时试算）。' },
  },
});

/** A value checked against a rule; a failure answers success false with the failing rule as result (`CheckFailure`). */
export const checkRuleFlow = defineFlow<CheckRuleRecord>()({
  basePath: '/sys/checkRule',
  actions: {
    checkByCode: { path: 'checkByCode', method: 'GET', signedIn: true, query: checkByCodeQuery, reply: z.null(), summary: '按校验规则编码校验一个值' },
  },
});

/** The duplicate check of the forms (spec §7 Checks): the answer's message says whether the value is free. */
export const duplicateFlow = defineFlow()({
  basePath: '/sys/duplicate',
  actions: {
    check: { path: 'check', method: 'GET', signedIn: true, query: duplicateCheckQuery, reply: z.null(), summary: '校验某字段的值是否已被占用' },
  },
});
