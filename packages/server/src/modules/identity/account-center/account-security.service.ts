import { and, eq, ne, sql } from 'drizzle-orm';
import { AccountMsg, AccountRoute, maskMobile, Msg, SmsMode, SmsMsg, type ChangeEmailBody, type ChangePhoneBody } from '@sbwq/contracts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { verifyPassword } from '../../../platform/auth/password.ts';
import type { Db } from '../../../platform/db/client.ts';
import { isUniqueViolation } from '../../../platform/db/errors.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import type { SocketHub } from '../../../platform/socket/hub.ts';
import { pushQuietly } from '../../core/notice/org-notice.ts';
import { writeNotice } from '../../core/notice/delivery.ts';
import { noticeText } from '../../core/notice/notice-template.ts';
import type { ClientInfo } from '../../operations/log/log.service.ts';
import { checkCode, sendChangePhoneCode, type SmsDeps } from '../sms/sms.service.ts';
import { sysUser } from '../user/user.table.ts';
import { findUserById, toUserInfo, type UserRow } from '../user/user.service.ts';
import { readUserVersions } from '../user/user-versions.ts';
import { DataTable, withVersions } from '../../core/datalog/datalog.service.ts';

/**
 * 安全设置's phone and e-mail (issue #27): the phone only with a code sent to the NEW phone and bound to
 * me, the e-mail only with my current password. A signed-in user may be told that a phone or an e-mail
 * belongs to another account (the registration form says as much); nobody else is.
 */

async function me(db: Db, user: SessionUser): Promise<UserRow> {
  const row = await findUserById(db, user.id);
  if (!row) throw new BizError(Msg.userNotFound);
  return row;
}

/** Deleted accounts keep their phone and e-mail (the unique indexes span them), so they count too. */
async function phoneTaken(db: Db, phone: string, exceptId: string): Promise<boolean> {
  const [hit] = await db
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(and(eq(sysUser.phone, phone), ne(sysUser.id, exceptId)))
    .limit(1);
  return !!hit;
}

async function emailTaken(db: Db, email: string, exceptId: string): Promise<boolean> {
  const [hit] = await db
    .select({ id: sysUser.id })
    .from(sysUser)
    .where(and(sql`lower(${sysUser.email}) = ${email.toLowerCase()}`, ne(sysUser.id, exceptId)))
    .limit(1);
  return !!hit;
}

/**
 * 获取验证码 of the phone dialog: my own phone is refused at once; another account's only after the SMS
 * limits, counted as an ask (sendChangePhoneCode), so that phones cannot be probed without limit.
 */
export async function sendPhoneCode(sms: SmsDeps, user: SessionUser, mobile: string, client: ClientInfo): Promise<void> {
  const current = await me(sms.db, user);
  if (current.phone === mobile) throw new BizError(AccountMsg.phoneSame);
  const refusal = (await phoneTaken(sms.db, mobile, current.id)) ? AccountMsg.phoneTaken : null;
  await sendChangePhoneCode(sms, user, mobile, client, refusal);
}

/** `a***@example.cn`: enough for the owner to recognise, little for a passer-by. */
const maskEmail = (email: string) => {
  const at = email.indexOf('@');
  return at > 0 ? `${email[0]}***${email.slice(at)}` : email;
};

/**
 * Writes my new phone or e-mail and its notice in one transaction, then pushes the notice. Two
 * requests racing for one value: the unique index decides, the loser is told it is taken.
 */
async function saveContact(
  db: Db,
  hub: SocketHub,
  user: SessionUser,
  change: { phone: string } | { email: string },
  what: { what: string; value: string },
  taken: string,
) {
  let written;
  try {
    // a phone or e-mail change is in the data-log chain: the phone signs in by SMS, the e-mail receives notices
    written = await withVersions(db, user, DataTable.user, [user.id], readUserVersions, async (t) => {
      await t
        .update(sysUser)
        .set({ ...change, updateBy: user.username, updateTime: new Date() })
        .where(eq(sysUser.id, user.id));
      const text = await noticeText(t, 'account_contact_changed', what);
      return writeNotice(t, {
        ...text,
        msgAbstract: text.titile,
        userIds: [user.id],
        sender: 'system',
        msgCategory: '2',
        priority: 'H',
        busType: 'account_security',
        busId: user.id,
        // the notice opens 安全设置, where the owner acts if it was not them
        openType: 'url',
        openPage: AccountRoute.security,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new BizError(taken);
    throw error;
  }
  await pushQuietly(hub, written);
  return { userInfo: toUserInfo(await me(db, user)) };
}

/**
 * The phone changes with the latest smsmode 3 code sent to that phone for me: not one for another
 * purpose (a login or recovery code), not another user's, not expired, not used; a wrong try counts
 * against the code (checkCode), outside the transaction, so a refusal cannot roll the count back.
 * The code is checked before whether another account has the phone: without a code (which only a
 * free phone gets) this route tells nothing about other accounts. It can be taken meanwhile, though.
 */
export async function changePhone(db: Db, hub: SocketHub, user: SessionUser, body: ChangePhoneBody) {
  const current = await me(db, user);
  if (current.phone === body.phone) throw new BizError(AccountMsg.phoneSame);
  const valid = await checkCode(db, { purpose: SmsMode.changePhone, mobile: body.phone, code: body.smscode, userId: user.id, mode: 'consume' });
  if (!valid) throw new BizError(SmsMsg.codeInvalid);
  if (await phoneTaken(db, body.phone, current.id)) throw new BizError(AccountMsg.phoneTaken);
  return saveContact(db, hub, user, { phone: body.phone }, { what: '手机号', value: maskMobile(body.phone) }, AccountMsg.phoneTaken);
}

/** The e-mail changes with my current password, checked first: a wrong one learns nothing about the address. */
export async function changeEmail(db: Db, hub: SocketHub, user: SessionUser, body: ChangeEmailBody) {
  const current = await me(db, user);
  if (!(await verifyPassword(current.password, body.password, current.username))) throw new BizError(AccountMsg.currentPasswordWrong);
  if (current.email === body.email) throw new BizError(AccountMsg.emailSame);
  if (await emailTaken(db, body.email, current.id)) throw new BizError(AccountMsg.emailTaken);
  return saveContact(db, hub, user, { email: body.email }, { what: '安全邮箱', value: maskEmail(body.email) }, AccountMsg.emailTaken);
}
