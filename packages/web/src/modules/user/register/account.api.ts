import type { LoginResult, SmsModeValue } from '@sbwq/contracts';
import { http } from '../../../platform/http.ts';

/** The public account calls of issue #27 (JEECG-API §2.3, §2.5). Business failures come back as answers the screens word. */

export type SendSmsBody = { mobile: string; smsmode: SmsModeValue; captcha?: string; checkKey?: string; username?: string; ticket?: string };

export const sendSms = (body: SendSmsBody) => http.post<null>('/sys/sms', body);

export const postPhoneLogin = (body: { mobile: string; captcha: string }) => http.post<LoginResult | null>('/sys/phoneLogin', body);

export type RegisterForm = {
  username: string;
  password: string;
  confirmpassword: string;
  phone: string;
  smscode: string;
  orgName: string;
  orgType: string;
  email?: string;
};

export const postRegister = (body: RegisterForm) => http.post<null>('/sys/user/register', body);

export const postQuerySysUser = (body: { username: string; captcha: string; checkKey: string }) =>
  http.post<{ username: string; ticket: string }>('/sys/user/querySysUser', body);

export const postPhoneVerification = (body: { username: string; phone: string; smscode: string }) =>
  http.post<{ username: string }>('/sys/user/phoneVerification', body);

export const postPasswordChange = (body: { username: string; phone: string; smscode: string; password: string; confirmpassword: string }) =>
  http.post<null>('/sys/user/passwordChange', body);
