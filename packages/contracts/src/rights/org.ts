import { z } from 'zod';
import { CREDIT_CODE_MESSAGE, isValidCreditCode } from './credit-code.ts';
import { chinaToday, dateField, filePathsField, optionalText, PHONE_PATTERN, requiredText, RightsMsg, dictValue } from './common.ts';
import { defineResource, permCodes } from '../resource.ts';
import { auditFields, dictText, nullableText } from '../record-fields.ts';

/**
 * 机构入驻 form (DOMAIN.md organisation). `orgEnrolBody` is what a submission must satisfy;
 * `orgEnrolDraftBody` (保存草稿) accepts any subset, each present field checked the same way.
 */
const creditCode = z
  .string({ error: '请输入统一社会信用代码' })
  .transform((v) => v.trim().toUpperCase())
  .refine(isValidCreditCode, CREDIT_CODE_MESSAGE);

const fields = {
  orgName: requiredText(100, RightsMsg.orgNameRequired).refine((v) => v.length >= 2, '机构名称至少2个字'),
  orgType: dictValue(['1', '2', '3', '4', '5'], '请选择机构类型'),
  creditCode,
  legalPerson: requiredText(50, '请输入法定代表人'),
  regAddress: requiredText(200, '请输入注册地址'),
  officeAddress: optionalText(200, '办公地址'),
  foundDate: dateField('成立日期').refine((v) => v <= chinaToday(), '成立日期不能晚于今天'),
  licenseFile: filePathsField('营业执照').refine((v) => v !== null, '请上传营业执照'),
  practiceFile: filePathsField('执业许可证'),
  agentFilingNo: optionalText(50, '商标代理备案号'),
  contactName: requiredText(50, '请输入联系人'),
  contactPhone: requiredText(20, '请输入联系电话').refine((v) => PHONE_PATTERN.test(v), '联系电话格式不正确（手机号或区号-电话）'),
  contactEmail: optionalText(100, '联系邮箱').refine((v) => v === null || z.email().safeParse(v).success, '联系邮箱格式不正确'),
  region: requiredText(100, '请选择或填写所在地区'),
};

export const orgEnrolBody = z.object(fields);
export type OrgEnrolBody = z.infer<typeof orgEnrolBody>;
/** The enrolment form's fields in the schema's order: what a draft or a submission writes (never a status field), and what the form shows. */
export const ORG_ENROL_FIELDS = Object.keys(fields) as readonly (keyof OrgEnrolBody)[];

/** In a draft, '' or null clears a field, an absent field keeps its value, anything else is checked as on submission. */
const clearable = <S extends z.ZodType>(schema: S) => z.union([z.literal('').transform(() => null), z.null(), schema]).optional();
type Draft<T> = { [K in keyof T]?: T[K] | null };
export const orgEnrolDraftBody = z.object({
  ...(Object.fromEntries(Object.entries(fields).map(([k, s]) => [k, clearable(s)])) as unknown as {
    [K in keyof typeof fields]: z.ZodOptional<z.ZodType<z.output<(typeof fields)[K]> | null>>;
  }),
  orgName: fields.orgName,
});
export type OrgEnrolDraftBody = Draft<OrgEnrolBody> & { orgName: string };

/** 认证: licence and filing documents; a 商标代理机构 also gives its 商标代理备案号 (checked on the server). */
export const orgCertifyBody = z
  .object({
    practiceFile: filePathsField('执业许可证'),
    filingFile: filePathsField('备案证明文件'),
    agentFilingNo: optionalText(50, '商标代理备案号'),
  })
  .refine((b) => b.practiceFile !== null || b.filingFile !== null, { message: RightsMsg.certifyFilesRequired, path: ['practiceFile'] });
export type OrgCertifyBody = z.infer<typeof orgCertifyBody>;

export const orgStatusBody = z.object({
  id: z.string({ error: '缺少ID' }).min(1, '缺少ID').max(36, 'ID不正确'),
  reason: optionalText(500, '原因'),
});

/** What `GET /rights/org/status` answers: where an organisation user stands and what to do next. */
export const ORG_NEXT_STEPS = ['none', 'enrol', 'waitEnrol', 'certify', 'waitCertify', 'disabled', 'done'] as const;
export type OrgNextStep = (typeof ORG_NEXT_STEPS)[number];
export const orgStatusInfoSchema = z.object({
  staff: z.boolean(),
  orgId: nullableText,
  orgName: nullableText,
  enterStatus: nullableText,
  enterStatus_dictText: nullableText,
  certifyStatus: nullableText,
  certifyStatus_dictText: nullableText,
  nextStep: z.enum(ORG_NEXT_STEPS),
  nextStepText: z.string(),
  /** the latest reviewer opinion on a rejection or failed certification */
  opinion: nullableText,
  /** true when the user may use the rest of the rights screens */
  allowed: z.boolean(),
});
export type OrgStatusInfo = z.infer<typeof orgStatusInfoSchema>;

/**
 * 机构 as list, queryById and mine answer it. A saved draft may leave any form field empty, so only the
 * name is always there.
 */
export const orgRecordSchema = z.object({
  id: z.string(),
  orgName: z.string(),
  orgType: nullableText,
  orgType_dictText: dictText,
  creditCode: nullableText,
  legalPerson: nullableText,
  regAddress: nullableText,
  officeAddress: nullableText,
  foundDate: nullableText,
  licenseFile: nullableText,
  practiceFile: nullableText,
  filingFile: nullableText,
  agentFilingNo: nullableText,
  contactName: nullableText,
  contactPhone: nullableText,
  contactEmail: nullableText,
  region: nullableText,
  enterStatus: z.string(),
  enterStatus_dictText: dictText,
  certifyStatus: z.string(),
  certifyStatus_dictText: dictText,
  auditOpinion: nullableText,
  auditBy: nullableText,
  auditTime: nullableText,
  certifyOpinion: nullableText,
  certifyBy: nullableText,
  certifyTime: nullableText,
  submitTime: nullableText,
  certifySubmitTime: nullableText,
  departId: nullableText,
  sysOrgCode: nullableText,
  /** 未提交 or 已驳回: the enrolment form may be saved and submitted */
  enrolEditable: z.boolean(),
  /** 已入驻 and 未认证 or 认证失败: certification may be submitted */
  certifyEditable: z.boolean(),
  ...auditFields,
});
export type OrgRecord = z.infer<typeof orgRecordSchema>;

/** `enrol` is the customers' (入驻与认证), `approve` the reviewer's, `status` (停用/启用) the administrator's. */
export const OrgPerm = permCodes('rights:org', ['list', 'enrol', 'approve', 'status']);

/** 机构列表 and its details are a standard resource; enrolment, certification and their approvals are the org's own routes. */
export const orgResource = defineResource<OrgRecord>()({
  basePath: '/rights/org',
  entity: '机构',
  record: orgRecordSchema,
  perm: OrgPerm,
  routes: ['list', 'queryById'],
  docs: {
    list: {
      summary: '机构列表（协会工作人员）',
      description:
        '筛选：orgName、orgType、creditCode、legalPerson、contactName、region、enterStatus、certifyStatus、sysOrgCode、createTime_begin/_end；遵循 JeecgBoot 查询约定。',
    },
    queryById: { summary: '按ID查询机构' },
  },
});
