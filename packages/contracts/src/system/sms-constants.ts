// No zod here: the signed-out pages import these words and numbers without the SMS schemas (issue 35).

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
