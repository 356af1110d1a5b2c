import { z } from 'zod';
import { defineResource, permCodes } from '../resource.ts';
import { MOBILE_PATTERN } from '../constants.ts';
import { SmsMode, SmsMsg } from './sms-constants.ts';

const captchaKey = z
  .union([z.string().max(64), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)], { error: '验证码标识应为文字或数字' })
  .transform(String);

export const mobileField = z
  .string({ error: SmsMsg.mobileRequired })
  .trim()
  .min(1, SmsMsg.mobileRequired)
  .max(20, SmsMsg.mobileFormat)
  .regex(MOBILE_PATTERN, SmsMsg.mobileFormat);

export const smsCodeField = z.string({ error: SmsMsg.codeRequired }).trim().min(1, SmsMsg.codeRequired).max(12, SmsMsg.codeInvalid);

/**
 * POST /sys/sms: stock {mobile, smsmode}; ours also needs the image captcha (captcha, checkKey), or for
 * smsmode 2 the ticket of /user/alteration's first step with its account name.
 */
export const smsBody = z.strictObject({
  mobile: mobileField,
  smsmode: z.enum([SmsMode.login, SmsMode.register, SmsMode.forgot], { error: SmsMsg.modeInvalid }),
  captcha: z.string().max(8).optional(),
  checkKey: captchaKey.optional(),
  username: z.string().max(100).optional(),
  ticket: z.string().max(128).optional(),
});
export type SmsBody = z.infer<typeof smsBody>;

/** POST /sys/phoneLogin (JEECG-API §2.3): the SMS code travels as `captcha`. */
export const phoneLoginBody = z.strictObject({
  mobile: mobileField,
  captcha: smsCodeField,
  remember_me: z.union([z.boolean(), z.string().max(8)]).optional(),
});
export type PhoneLoginBody = z.infer<typeof phoneLoginBody>;

/** 短信发件箱: what the development outbox "sent" (no provider configured), for an administrator to read. */
export const smsOutboxRecordSchema = z.object({
  id: z.string(),
  mobile: z.string(),
  smsmode: z.string(),
  content: z.string(),
  code: z.string(),
  ip: z.string().nullable(),
  createTime: z.string().nullable(),
});
export type SmsOutboxRecord = z.infer<typeof smsOutboxRecordSchema>;

export const SMS_MODE_TEXT: Record<string, string> = { '0': '手机号登录', '1': '注册', '2': '找回密码', '3': '修改手机号' };

/** `138****1234`: what a notice or a screen shows of a phone; anything not 11 digits long is shown as it is. */
export const maskMobile = (mobile: string): string => (/^\d{11}$/.test(mobile) ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : mobile);

export const SmsOutboxPerm = permCodes('system:smsOutbox', ['list']);

export const smsOutboxResource = defineResource<SmsOutboxRecord>()({
  basePath: '/sys/smsOutbox',
  entity: '短信',
  perm: SmsOutboxPerm,
  record: smsOutboxRecordSchema,
  routes: ['list'],
  docs: {
    list: { summary: '短信发件箱', description: '未配置短信服务商（SMS_PROVIDER）时验证码写在这里，供管理员查看；mobile、smsmode 可筛选，默认按时间倒序。' },
  },
});
