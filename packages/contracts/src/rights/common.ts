import { z } from 'zod';

/**
 * Vocabulary of the rights modules: the values of the seeded dictionaries (enter_status, certify_status,
 * audit_status, approval_biz_type, approval_node, approval_result …) the server and the web both use.
 */
export const EnterStatus = { draft: '0', pending: '1', enrolled: '2', rejected: '3', disabled: '4' } as const;
export const CertifyStatus = { none: '0', pending: '1', certified: '2', failed: '3' } as const;
/** audit_status; 草稿 ('3') is added to the dictionary by the rights seed unit. */
export const AuditStatus = { pending: '0', approved: '1', rejected: '2', draft: '3' } as const;
export const ApprovalBizType = { enrol: '1', certify: '2', right: '3', threaded: '4', closure: '5', claim: '6', bank: '7' } as const;
export const ApprovalNode = { first: '1', second: '2', finance: '3' } as const;
export const ApprovalResult = { pass: '1', reject: '2', returned: '3' } as const;
/** rights_org_type */
export { RightsOrgType } from './org-type.ts';

export const RightsMsg = {
  orgNotReady: '机构尚未完成入驻和认证，请先在「机构入驻」「认证」页面完成入驻和认证',
  orgDisabled: '机构已停用，请联系协会管理员',
  orgRequired: '只有已入驻并认证的机构用户可以进行此操作',
  orgNameRequired: '请输入机构名称',
  notFound: '未找到对应数据',
  selfApproval: '不能审批自己提交的申请',
  staffOnly: '只有协会工作人员可以进行此操作',
  opinionRequired: '驳回时请填写审核意见',
  enrolNotEditable: '当前入驻状态不能修改，只有未提交或已驳回的申请可以编辑',
  enrolSubmitted: '入驻申请已提交，请等待协会审核',
  enrolNotPending: '该入驻申请不是待审核状态，不能审批',
  enrolApproved: '入驻审核通过',
  enrolRejected: '入驻申请已驳回',
  certifyNeedsEnrol: '请先完成机构入驻，入驻审核通过后再申请认证',
  certifyNotEditable: '当前认证状态不能提交认证，只有未认证或认证失败时可以提交',
  certifySubmitted: '认证材料已提交，请等待协会审核',
  certifyNotPending: '该认证申请不是认证中状态，不能审批',
  certifyFilesRequired: '请至少上传执业许可证或备案证明文件中的一项',
  agentFilingNoRequired: '商标代理机构须填写商标代理备案号',
  certifyPassed: '认证通过',
  certifyFailed: '认证未通过',
  disableNotAllowed: '只有已入驻的机构可以停用',
  enableNotAllowed: '只有已停用的机构可以启用',
  disabled: '机构已停用',
  enabled: '机构已启用',
  creditCodeTaken: '该统一社会信用代码已被其他机构使用',
  orgExists: '您已有机构入驻申请',
  fileNotVisible: '文件不存在或无权使用：',
  fileNotImage: '商标图样只能是 JPG/JPEG/PNG 图片',
  fileNotPdf: '授权委托书只能是 PDF 文件',
  bankNotEditable: '已通过审核的银行账户不能修改，如需变更请新增账户',
  bankNotPending: '该银行账户不是待审核状态，不能审批',
  bankApproved: '银行账户审核通过',
  bankRejected: '银行账户已驳回',
  rightNotEditable: '只有草稿或已驳回的记录可以修改',
  rightNotDeletable: '只有草稿或已驳回的记录可以删除',
  rightNotSubmittable: '只有草稿或已驳回的记录可以提交审核',
  rightNotPending: '该记录不是待审核状态，不能审批',
  rightDuplicate: '本机构已登记该注册号在该国际分类下的权利',
  rightSubmitted: '已提交审核',
  rightWithdrawn: '已撤回，可修改后重新提交',
  rightNotWithdrawable: '只有待审核的记录可以撤回',
  rightApproved: '审核通过',
  rightRejected: '已驳回',
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
  batchDeleted: '批量删除成功!',
  saved: '保存成功！',
} as const;

/** The China calendar date (GMT+8) of an instant, `YYYY-MM-DD`. */
export function chinaToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
}

/** True for a real calendar date written `YYYY-MM-DD`. */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** Adds calendar months, keeping the day but clamping to the month's end (08-31 + 6 months → 02-28/29), as PostgreSQL does. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number);
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = total % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

export const addDays = (date: string, days: number): string => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/** Paths the upload answers (`biz/yyyyMMdd/<32 hex>.<ext>`); a full static URL is cut down to its path. */
export const FILE_PATH_PATTERN = /^[A-Za-z0-9_-]{1,32}(\/[A-Za-z0-9_-]{1,32}){0,2}\/\d{8}\/[0-9a-f]{32}\.(jpg|jpeg|png|pdf)$/;
export const normaliseFilePath = (value: string) =>
  value
    .trim()
    .replace(/^.*\/sys\/common\/static\//, '')
    .replace(/^\/+/, '');
export const splitFilePaths = (value: string | null | undefined): string[] => (value ?? '').split(',').map(normaliseFilePath).filter(Boolean);

/**
 * A file field as the upload control sends it: one path, or up to `max` comma-separated paths.
 * Empty gives null; every path must look like one the upload produced.
 */
export const filePathsField = (label: string, max = 3) =>
  z
    .string({ error: `${label}格式不正确` })
    .max(2000, `${label}过长`)
    .nullish()
    .transform((v, ctx) => {
      const paths = [...new Set(splitFilePaths(v))];
      if (paths.length > max) ctx.addIssue({ code: 'custom', message: `${label}最多${max}个文件` });
      if (paths.some((p) => !FILE_PATH_PATTERN.test(p))) ctx.addIssue({ code: 'custom', message: `${label}的文件路径不正确，请重新上传` });
      return paths.length ? paths.join(',') : null;
    });

/** Optional text: trimmed, empty → null. */
export const optionalText = (max: number, label = '') =>
  z
    .string({ error: `${label}格式不正确` })
    .max(max, `${label}长度不能超过${max}个字符`)
    .nullish()
    .transform((v) => (v && v.trim() ? v.trim() : null));

/** Required text: missing, empty and blank give the same message. */
export const requiredText = (max: number, message: string) =>
  z
    .string({ error: message })
    .max(max, `长度不能超过${max}个字符`)
    .transform((v) => v.trim())
    .refine((v) => v !== '', message);

export const dateField = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .transform((v) => v.trim().slice(0, 10))
    .refine(isCalendarDate, `${label}格式应为 YYYY-MM-DD`);

export const optionalDate = (label: string) =>
  z
    .string({ error: `${label}格式应为 YYYY-MM-DD` })
    .nullish()
    .transform((v) => (v && v.trim() ? v.trim().slice(0, 10) : null))
    .refine((v) => v === null || isCalendarDate(v), `${label}格式应为 YYYY-MM-DD`);

/** A dictionary value among `values` (forms may send numbers). */
export const dictValue = (values: readonly string[], message: string) =>
  z
    .union([z.string(), z.number()], { error: message })
    .transform(String)
    .refine((v) => values.includes(v), message);

export const PHONE_PATTERN = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?|400-?\d{3}-?\d{4})$/;

export const idBody = z.object({ id: z.string({ error: '缺少ID' }).min(1, '缺少ID').max(36, 'ID不正确') });

/** 审批: pass or reject; a rejection needs its reasons. */
export const approveBody = z
  .object({
    id: z.string({ error: '缺少ID' }).min(1, '缺少ID').max(36, 'ID不正确'),
    result: z.enum(['pass', 'reject'], { error: '审批结果只能是 pass（通过）或 reject（驳回）' }),
    opinion: optionalText(500, '审核意见'),
  })
  .refine((b) => b.result === 'pass' || (b.opinion ?? '') !== '', { message: RightsMsg.opinionRequired, path: ['opinion'] });
export type ApproveBody = z.infer<typeof approveBody>;

/**
 * A 审批 action of a flow (bank account, protected right, enrolment, certification): 通过 or 驳回 with
 * the opinion, through `decide()`, never by the one who submitted; its button opens the approval dialog.
 */
export const approveAction = <const S extends string>(a: {
  path: string;
  permission: string;
  summary: string;
  from: readonly S[];
  to: { pass: S; reject: S };
  refusal: string;
  label: string;
  decision: { bizType: string; node: string };
}) => ({
  ...a,
  body: approveBody,
  reply: z.null(),
  who: 'notSubmitter' as const,
  inline: true,
});
