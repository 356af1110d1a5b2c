import { z } from 'zod';
import { defineResource, permCodes } from '../resource.ts';
import { MOBILE_PATTERN } from './user.ts';

/**
 * 短信验证码 (JEECG-API §2.3 `/sys/sms`, `/sys/phoneLogin`): smsmode 0 login, 1 register, 2 forgot password;
 * 3 a signed-in user's new phone (安全设置, asked through `/sys/account/phone/code`, never `/sys/sms`).
 * Codes are 6 digits, single use, bound to the user they were sent for, valid 5 minutes (issue #27).
 */
export const SmsMode = { login: '0', register: '1', forgot: '2', changePhone: '3' } as const;
export type SmsModeValue = (typeof SmsMode)[keyof typeof SmsMode];

export const SMS_CODE_TTL_MS = 5 * 60_000;
/** the page's resend countdown and the server's interval between two codes to one phone */
export const SMS_RESEND_SECONDS = 60;
/** wrong tries a code survives; the next wrong one kills it */
export const SMS_CODE_MAX_ATTEMPTS = 5;
/** codes per hour: one phone, one address, one account name */
export const SMS_LIMITS = { perPhonePerHour: 5, perIpPerHour: 20, perAccountPerHour: 5 } as const;

export const SmsMsg = {
  mobileRequired: '手机号不允许为空！',
  mobileFormat: '请输入正确的手机号码',
  modeInvalid: '短信类型不正确',
  codeRequired: '请输入手机验证码',
  /** one answer for every send, whether or not an account has that phone: nothing to enumerate */
  sent: '如手机号信息无误，验证码已发送，5分钟内有效',
  tooFrequent: '验证码发送过于频繁，请稍后再试',
  /** wrong, expired, used, another user's: one message, so a failure tells nothing about the code or the account */
  codeInvalid: '手机验证码错误或已失效，请重新获取',
  captchaRequired: '请输入图片验证码',
  ticketInvalid: '账号确认已失效，请返回第一步重新确认',
  sendFailed: '短信验证码发送失败,请稍后重试',
} as const;

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
});
