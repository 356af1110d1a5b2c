import { z } from 'zod';
import { Msg } from '../messages.ts';
import { isStrongPassword, PASSWORD_RULE_MESSAGE } from './password-rule.ts';
import { REGISTER_ORG_TYPES, REGISTER_USERNAME_PATTERN, RegisterMsg } from './register-constants.ts';
import { mobileField, smsCodeField } from './sms.ts';

/** 注册 and 找回密码 (JEECG-API §2.5; issue #27 "Register and recover"). */

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
