import { z } from 'zod';
import { addMonths, chinaToday, dateField, dictValue, filePathsField, optionalDate, optionalText, requiredText } from './common.ts';
import { defineResource, permCodes } from '../resource.ts';
import { auditFields, dictText, nullableText } from '../record-fields.ts';

/**
 * 受保护权利 (DOMAIN.md protected-rights record): one mark in one Nice class. 专用权期限 runs ten years from
 * the registration date, ending the day before (注册 2016-03-14 → 有效至 2026-03-13), as the 商标注册证 writes it.
 */
export const NICE_CLASSES = Array.from({ length: 45 }, (_, i) => String(i + 1));
export const REG_NO_PATTERN = /^[A-Z]{0,2}\d{4,12}[A-Z]?$/;

export const rightBody = z
  .object({
    id: z.string().max(36).optional(),
    trademarkName: requiredText(100, '请输入商标名称'),
    markImage: filePathsField('商标图样', 1),
    regNo: z
      .string({ error: '请输入注册号' })
      .transform((v) => v.trim().toUpperCase())
      .refine((v) => REG_NO_PATTERN.test(v), '注册号应为4-12位数字（马德里国际注册可带字母前缀，如 G1234567）'),
    niceClass: dictValue(NICE_CLASSES, '国际分类应为第1类至第45类'),
    goodsServices: optionalText(1000, '核定商品/服务'),
    trademarkType: dictValue(['1', '2', '3', '4'], '请选择商标类型')
      .optional()
      .transform((v) => v ?? '1'),
    registrant: requiredText(200, '请输入注册人'),
    registrantAddress: optionalText(300, '注册人地址'),
    regDate: dateField('注册日期')
      .refine((v) => v <= chinaToday(), '注册日期不能晚于今天')
      .refine((v) => v >= '1950-01-01', '注册日期不正确'),
    legalStatus: dictValue(['1', '2', '3', '4', '5', '6'], '请选择法律状态')
      .optional()
      .transform((v) => v ?? '1'),
    authOrg: optionalText(200, '授权机构'),
    authLetter: filePathsField('授权委托书'),
    authStartDate: optionalDate('授权开始日期'),
    authEndDate: optionalDate('授权期限'),
    proofFile: filePathsField('证明文件'),
    remark: optionalText(500, '备注'),
  })
  .refine((b) => !b.authStartDate || !b.authEndDate || b.authStartDate <= b.authEndDate, { message: '授权期限不能早于授权开始日期', path: ['authEndDate'] });
export type RightBody = z.infer<typeof rightBody>;

export const idsBody = z.object({ ids: z.string({ error: '请选择记录' }).min(1, '请选择记录').max(40_000) });

/** 专用权期限 end: ten years after registration, the day before. */
export function computeExpireDate(regDate: string): string {
  const [y, m, d] = regDate.split('-').map(Number);
  return new Date(Date.UTC(y + 10, m - 1, d - 1)).toISOString().slice(0, 10);
}

export const rightFlagsSchema = z.object({
  /** 即将到期: expiry within the next 12 months (renewal window) */
  expiringSoon: z.boolean(),
  /** 宽展期: expired, but within the 6 months' grace in which renewal is still possible */
  inGracePeriod: z.boolean(),
  /** 已过期: past expiry and past the grace period */
  expired: z.boolean(),
  /** 授权过期: the authorisation's end date has passed */
  authExpired: z.boolean(),
  /** the texts of the flags that hold, for tags */
  flagTexts: z.array(z.string()),
});
export type RightFlags = z.infer<typeof rightFlagsSchema>;

/** Derived flags of a record on a given China date (`today`, YYYY-MM-DD). */
export function rightFlags(expireDate: string | null, authEndDate: string | null, today: string = chinaToday()): RightFlags {
  const expiringSoon = !!expireDate && expireDate >= today && expireDate <= addMonths(today, 12);
  const graceEnd = expireDate ? addMonths(expireDate, 6) : null;
  const inGracePeriod = !!expireDate && expireDate < today && today <= graceEnd!;
  const expired = !!expireDate && today > graceEnd!;
  const authExpired = !!authEndDate && authEndDate < today;
  const flagTexts = [
    ...(expiringSoon ? ['即将到期'] : []),
    ...(inGracePeriod ? ['宽展期'] : []),
    ...(expired ? ['已过期'] : []),
    ...(authExpired ? ['授权过期'] : []),
  ];
  return { expiringSoon, inGracePeriod, expired, authExpired, flagTexts };
}

/** `expiryFlag` list filter values. */
export const EXPIRY_FLAGS = ['expiringSoon', 'inGracePeriod', 'expired', 'authExpired'] as const;
export type ExpiryFlag = (typeof EXPIRY_FLAGS)[number];

/** 受保护权利 as list, queryById and the export read it, with its derived expiry flags. */
export const rightRecordSchema = z.object({
  id: z.string(),
  orgId: z.string(),
  orgName: nullableText,
  trademarkName: z.string(),
  markImage: nullableText,
  regNo: z.string(),
  niceClass: z.string(),
  niceClass_dictText: dictText,
  goodsServices: nullableText,
  trademarkType: z.string(),
  trademarkType_dictText: dictText,
  registrant: z.string(),
  registrantAddress: nullableText,
  regDate: z.string(),
  expireDate: z.string(),
  legalStatus: z.string(),
  legalStatus_dictText: dictText,
  authOrg: nullableText,
  authLetter: nullableText,
  authStartDate: nullableText,
  authEndDate: nullableText,
  proofFile: nullableText,
  remark: nullableText,
  auditStatus: z.string(),
  auditStatus_dictText: dictText,
  auditOpinion: nullableText,
  auditBy: nullableText,
  auditTime: nullableText,
  submitTime: nullableText,
  sysOrgCode: nullableText,
  ...rightFlagsSchema.shape,
  /** the caller's own organisation's draft or rejected record: it may still be edited, submitted, deleted */
  editable: z.boolean(),
  ...auditFields,
});
export type RightRecord = z.infer<typeof rightRecordSchema>;

export const RightPerm = permCodes('rights:right', ['list', 'add', 'edit', 'delete', 'approve', 'export', 'import']);

/** 受保护权利 as a standard resource, with its Excel export and import (and the import's template). */
export const rightResource = defineResource<RightRecord>()({
  basePath: '/rights/right',
  entity: '受保护权利',
  record: rightRecordSchema,
  perm: RightPerm,
  routes: ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel'],
  addBody: rightBody,
  editMethods: ['PUT', 'POST'],
  importTemplate: true,
  docs: {
    list: {
      summary: '受保护权利列表',
      description:
        '筛选：trademarkName（*模糊*）、regNo、niceClass、registrant、legalStatus、trademarkType、auditStatus、authOrg、orgId、regDate/expireDate/authEndDate 的 _begin/_end，expiryFlag（expiringSoon 即将到期、inGracePeriod 宽展期、expired 已过期、authExpired 授权过期）。每条记录带 expireDate（专用权期限止）与派生标记 expiringSoon/inGracePeriod/expired/authExpired/flagTexts。机构用户只见本机构记录。',
    },
    queryById: { summary: '按ID查询受保护权利（详情）' },
    add: { summary: '新增受保护权利（草稿）', description: '专用权期限由注册日期计算（十年，止于前一日）。result 为记录ID。' },
    edit: { summary: '编辑受保护权利（仅草稿或已驳回）' },
    delete: { summary: '删除受保护权利（仅草稿或已驳回）' },
    importExcel: {
      summary: '导入受保护权利（.xlsx，导入为草稿）',
      description:
        '必填列：商标名称、注册号、国际分类、注册人、注册日期；可选：核定商品/服务、商标类型、注册人地址、法律状态、授权机构、授权开始日期、授权期限、备注。有错误的行被跳过并逐行报告（code 201）。',
    },
  },
});
