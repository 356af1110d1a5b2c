import { z } from 'zod';
import { dictValue, filePathsField, optionalText, requiredText } from './common.ts';
import { defineResource, permCodes } from '../resource.ts';
import { auditFields, dictText, nullableText } from '../record-fields.ts';

/** 机构银行账户 (DOMAIN.md bank account). The account number is digits only, 8–30 long; spaces are ignored. */
export const ACCOUNT_NO_MESSAGE = '银行账号应为8-30位数字';
export const bankAccountBody = z.object({
  id: z.string().max(36).optional(),
  accountName: requiredText(100, '请输入开户名称'),
  bankName: requiredText(100, '请输入开户银行'),
  branchName: requiredText(100, '请输入开户支行'),
  accountNo: z
    .string({ error: '请输入银行账号' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .refine((v) => /^\d{8,30}$/.test(v), ACCOUNT_NO_MESSAGE),
  bankCode: optionalText(12, '联行号').refine((v) => v === null || /^\d{12}$/.test(v), '联行号应为12位数字'),
  accountNature: dictValue(['1', '2'], '请选择账户性质（对公/对私）'),
  isDefault: dictValue(['0', '1'], '是否默认只能是 0 或 1')
    .optional()
    .transform((v) => v ?? '0'),
  proofFile: filePathsField('证明文件'),
  remark: optionalText(500, '备注'),
});
export type BankAccountBody = z.infer<typeof bankAccountBody>;

export const bankStatusBody = z.object({
  id: z.string({ error: '缺少ID' }).min(1, '缺少ID').max(36, 'ID不正确'),
  status: dictValue(['0', '1'], '状态只能是 1 有效或 0 无效'),
});

/** `6222 **** **** 1234`: first four and last four digits; shorter numbers keep only the last four. */
export function maskAccountNo(accountNo: string | null | undefined): string {
  const digits = (accountNo ?? '').replace(/\s/g, '');
  if (digits.length <= 4) return '****';
  const last = digits.slice(-4);
  if (digits.length < 12) return `**** ${last}`;
  const hidden = Math.max(1, Math.ceil((digits.length - 8) / 4));
  return [digits.slice(0, 4), ...Array<string>(hidden).fill('****'), last].join(' ');
}

/** 银行账户 as list and queryById answer it; `accountNo` is masked for whoever may not see it whole. */
export const bankRecordSchema = z.object({
  id: z.string(),
  orgId: z.string(),
  orgName: nullableText,
  accountName: z.string(),
  bankName: z.string(),
  branchName: nullableText,
  accountNo: z.string(),
  /** true when the caller sees the full number (finance, the owning organisation) */
  accountNoVisible: z.boolean(),
  bankCode: nullableText,
  accountNature: z.string(),
  accountNature_dictText: dictText,
  isDefault: z.string(),
  isDefault_dictText: dictText,
  status: z.string(),
  status_dictText: dictText,
  auditStatus: z.string(),
  auditStatus_dictText: dictText,
  proofFile: nullableText,
  remark: nullableText,
  auditOpinion: nullableText,
  auditBy: nullableText,
  auditTime: nullableText,
  submitTime: nullableText,
  sysOrgCode: nullableText,
  ...auditFields,
});
export type BankAccountRecord = z.infer<typeof bankRecordSchema>;

/** `approve` is finance's (财务审核); add, edit and delete are the owning organisation's. */
export const BankPerm = permCodes('rights:bank', ['list', 'add', 'edit', 'delete', 'approve']);

/** 机构银行账户 as a standard resource: `/rights/bank/list` … `deleteBatch`; edit answers PUT and POST. */
export const bankResource = defineResource<BankAccountRecord>()({
  basePath: '/rights/bank',
  entity: '银行账户',
  record: bankRecordSchema,
  perm: BankPerm,
  routes: ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch'],
  addBody: bankAccountBody,
  editMethods: ['PUT', 'POST'],
  docs: {
    list: {
      summary: '银行账户列表',
      description:
        '机构用户只见本机构账户；财务与协会工作人员见全部。银行账号仅对财务与本机构完整显示（accountNoVisible），其他人看到 6222 **** **** 1234 形式。筛选：orgId、accountName、bankName、accountNature、isDefault、status、auditStatus。',
    },
    queryById: { summary: '按ID查询银行账户' },
    add: { summary: '新增银行账户（待财务审核）', description: '本机构第一个账户自动设为默认；isDefault=1 时取代原默认账户。result 为账户ID。' },
    edit: { summary: '编辑银行账户（仅待审核或已驳回；编辑后重新待审核）' },
  },
});
