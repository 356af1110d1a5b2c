import { Msg, SmsMode, SmsMsg, type LoginResult, type PhoneLoginBody } from '@sbwq/contracts';
import { BizError } from '../../../platform/http/envelope.ts';
import { openSession, type LoginDeps } from '../auth/auth.service.ts';
import { clearUserFailures, guardState, recordFailure } from '../auth/login-guard.ts';
import { writeLoginLog, type ClientInfo } from '../../operations/log/log.service.ts';
import { checkCode, userByPhone } from './sms.service.ts';

/**
 * POST /sys/phoneLogin (JEECG-API §2.3) under password login's rules: the same failure counter (per
 * account and per address; a phone no account has is counted under the phone), the same 10-minute
 * lock after 5 failures, a login-log row for every outcome, the same session and answer.
 */
export async function phoneLogin(deps: LoginDeps, body: PhoneLoginBody, client: ClientInfo, url: string): Promise<LoginResult> {
  const { db } = deps;
  const user = await userByPhone(db, body.mobile);
  const guardName = user?.username ?? `phone:${body.mobile}`;
  const logFailure = (reason: string) =>
    writeLoginLog(db, {
      content: `手机号: ${body.mobile},登录失败！${reason}`,
      username: user?.username ?? null,
      realname: user?.realname ?? null,
      client,
      url,
    });

  const state = await guardState(db, guardName, client.ip);
  if (state.lockedUntil) {
    await logFailure('账号已锁定');
    throw new BizError(Msg.accountLocked, 500);
  }
  const valid = await checkCode(db, { purpose: SmsMode.login, mobile: body.mobile, code: body.captcha, userId: user?.id ?? null, mode: 'consume' });
  if (!user || !valid) {
    const after = await recordFailure(db, guardName, client.ip);
    await logFailure('手机验证码错误');
    throw new BizError(after.lockedUntil ? Msg.accountLocked : SmsMsg.codeInvalid, 500);
  }
  if (user.status !== 1) {
    await logFailure('用户已冻结');
    throw new BizError(Msg.userFrozen, 500);
  }
  await clearUserFailures(db, user.username);
  return openSession(deps, user, client, url, `用户名: ${user.username},登录成功！[手机号登录]`);
}
