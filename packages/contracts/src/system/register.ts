import { z } from 'zod';
import { Msg } from '../messages.ts';
import { RightsOrgType } from '../rights/common.ts';
import { isStrongPassword, PASSWORD_RULE_MESSAGE } from './auth.ts';
import { mobileField, smsCodeField } from './sms.ts';

/** 注册 and 找回密码 (JEECG-API §2.5; issue #27 "Register and recover"). */
export const RegisterMsg = {
  usernameRequired: '请输入账号',
  usernameFormat: '账号为4-30位字母、数字或下划线，以字母开头',
  usernameTaken: '用户名已注册',
  phoneTaken: '该手机号已注册',
  orgNameTaken: '该机构名称已注册，如为本机构，请使用已注册的账号登录或联系协会',
  orgNameRequired: '请输入机构名称',
  orgTypeRequired: '请选择机构类型',
  registered: '注册成功',
  accountConfirmed: '账号已确认，请验证手机',
  phoneVerified: '手机验证通过，请设置新密码',
  passwordReset: '密码重置完成！',
} as const;

/** the organisation types a contact may register as (the 入驻 form's types) */
export const REGISTER_ORG_TYPES = [
  RightsOrgType.agency,
  RightsOrgType.lawFirm,
  RightsOrgType.ipService,
  RightsOrgType.brandStation,
  RightsOrgType.holder,
] as const;

export const REGISTER_USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{3,29}$/;

/** spec §5 "Change password": 请输入新密码! / 请确认新密码! / 两次输入的密码不一样！, plus the strength rule */
const newPassword = z
  .string({ error: Msg.newPasswordRequired })
  .min(1, Msg.newPasswordRequired)
  .max(64, PASSWORD_RULE_MESSAGE)
  .refine(isStrongPassword, PASSWORD_RULE_MESSAGE);
const confirmPassword = z.string({ error: Msg.confirmPasswordRequired }).min(1, Msg.confirmPasswordRequired).max(64, Msg.passwordsDiffer);
const sameTwice = <T extends { password: string; confirmpassword: string }>(b: T) => b.password === b.confirmpassword;
const differ = { error: Msg.passwordsDiffer, path: ['confirmpassword'] };

const username = z
  .string({ error: RegisterMsg.usernameRequired })
  .trim()
  .min(1, RegisterMsg.usernameRequired)
  .max(30, RegisterMsg.usernameFormat)
  .regex(REGISTER_USERNAME_PATTERN, RegisterMsg.usernameFormat);

/** POST /sys/user/register: stock {username, password, email, phone, smscode}, plus the organisation. */
export const registerBody = z
  .strictObject({
    username,
    password: newPassword,
    confirmpassword: confirmPassword,
    phone: mobileField,
    smscode: smsCodeField,
    orgName: z.string({ error: RegisterMsg.orgNameRequired }).trim().min(1, RegisterMsg.orgNameRequired).max(100, '机构名称不能超过100个字符'),
    orgType: z.enum(REGISTER_ORG_TYPES, { error: RegisterMsg.orgTypeRequired }),
    email: z.string().trim().max(45).email('请输入正确的邮箱地址').optional().or(z.literal('')),
  })
  .refine(sameTwice, differ);
export type RegisterBody = z.infer<typeof registerBody>;

/** /user/alteration step 1: the account and the image captcha; the answer is the same whether or not the account exists. */
export const querySysUserBody = z.strictObject({
  username: z.string({ error: RegisterMsg.usernameRequired }).trim().min(1, RegisterMsg.usernameRequired).max(100),
  captcha: z.string({ error: '请输入图片验证码' }).trim().min(1, '请输入图片验证码').max(8),
  checkKey: z.union([z.string().max(64), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)]).transform(String),
});
export const querySysUserReply = z.object({ username: z.string(), ticket: z.string() });

/** step 2: the code sent to the account's phone */
export const phoneVerificationBody = z.strictObject({
  username: z.string({ error: RegisterMsg.usernameRequired }).trim().min(1, RegisterMsg.usernameRequired).max(100),
  phone: mobileField,
  smscode: smsCodeField,
});

/** step 3: the new password, with the verified code (consumed here) */
export const passwordChangeBody = z
  .strictObject({
    username: z.string({ error: RegisterMsg.usernameRequired }).trim().min(1, RegisterMsg.usernameRequired).max(100),
    phone: mobileField,
    smscode: smsCodeField,
    password: newPassword,
    confirmpassword: confirmPassword,
  })
  .refine(sameTwice, differ);

/** the labels of dictionary rights_org_type, for the register page (no dictionary before signing in) */
export const REGISTER_ORG_TYPE_TEXT: Record<(typeof REGISTER_ORG_TYPES)[number], string> = {
  [RightsOrgType.agency]: '商标代理机构',
  [RightsOrgType.lawFirm]: '律师事务所',
  [RightsOrgType.ipService]: '知识产权服务机构',
  [RightsOrgType.brandStation]: '商标品牌指导站',
  [RightsOrgType.holder]: '权利人企业',
};
