import { eq, or, sql } from 'drizzle-orm';
import { Msg, RegisterMsg, RightsOrgType, SmsMode, SmsMsg, type RegisterBody } from '@sbwq/contracts';
import type { z } from 'zod';
import type { passwordChangeBody, phoneVerificationBody } from '@sbwq/contracts';
import { hashPassword } from '../../../platform/auth/password.ts';
import { revokeOtherSessions } from '../../../platform/auth/session.ts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { isUniqueViolation } from '../../../platform/db/errors.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { DepartId, SYSTEM_DEPARTS } from '../../core/ids/departs.ts';
import { rightsOrg } from '../../core/org/org.table.ts';
import { RoleId } from '../../../seed/buttons.ts';
import { consumeCaptcha } from '../auth/captcha.service.ts';
import { writeLoginLog, type ClientInfo } from '../../operations/log/log.service.ts';
import { findActiveUserByUsername } from '../user/user.service.ts';
import { readUserVersions } from '../user/user-versions.ts';
import { DataTable, recordVersion, withVersions } from '../../core/datalog/datalog.service.ts';
import { sysUser, sysUserDepart, sysUserRole } from '../user/user.table.ts';
import { checkCode, issueTicket } from '../sms/sms.service.ts';

const codeOf = (id: string) => SYSTEM_DEPARTS.find((d) => d.id === id)!.orgCode;

/**
 * POST /sys/user/register (JEECG-API §2.5; issue #27): an organisation's contact gets an account as the
 * demo's applicant users have one — the 代理机构 or 权利人 role (enrolment and its own records only, no
 * staff rights), filed under 入驻服务机构 or 会员企业 — and a 未提交 enrolment form with the
 * organisation's name, type and phone, which the 机构入驻 page then completes.
 *
 * The SMS code is checked first: until it is valid every refusal is the code's, so the form tells no one
 * whether a username exists. A valid code is only marked verified until the account is written (in the
 * same transaction), so learning the name is taken does not cost the user a new code.
 */
export async function register(db: Db, body: RegisterBody): Promise<void> {
  const holder = body.orgType === RightsOrgType.holder;
  const departId = holder ? DepartId.members : DepartId.agencies;
  const code = { purpose: SmsMode.register, mobile: body.phone, code: body.smscode, userId: null };
  if (!(await checkCode(db, { ...code, mode: 'verify' }))) throw new BizError(SmsMsg.codeInvalid);
  const taken = await db
    .select({ username: sysUser.username, phone: sysUser.phone, email: sysUser.email })
    .from(sysUser)
    .where(
      or(
        sql`lower(${sysUser.username}) = ${body.username.toLowerCase()}`,
        eq(sysUser.phone, body.phone),
        ...(body.email ? [eq(sysUser.email, body.email)] : []),
      ),
    );
  if (taken.some((u) => u.username.toLowerCase() === body.username.toLowerCase())) throw new BizError(RegisterMsg.usernameTaken);
  if (taken.some((u) => u.phone === body.phone)) throw new BizError(RegisterMsg.phoneTaken);
  if (body.email && taken.some((u) => u.email === body.email)) throw new BizError('邮箱已被注册');
  // one organisation, one registration (issue 36): a second account for it is added by its administrator
  const sameOrg = await db
    .select({ id: rightsOrg.id })
    .from(rightsOrg)
    .where(sql`lower(btrim(${rightsOrg.orgName})) = ${body.orgName.trim().toLowerCase()}`)
    .limit(1);
  if (sameOrg.length) throw new BizError(RegisterMsg.orgNameTaken);

  const userId = newId();
  const password = await hashPassword(body.password);
  const now = new Date();
  try {
    await db.transaction(async (t) => {
      // used up with the account it made: a registration that fails below leaves the code usable
      if (!(await checkCode(t, { ...code, mode: 'consume', requireVerified: true }))) throw new BizError(SmsMsg.codeInvalid);
      await t.insert(sysUser).values({
        id: userId,
        username: body.username,
        realname: body.username,
        password,
        phone: body.phone,
        email: body.email || null,
        orgCode: codeOf(departId),
        status: 1,
        delFlag: 0,
        userIdentity: 1,
        createBy: body.username,
        createTime: now,
      });
      await t.insert(sysUserRole).values({ id: newId(), userId, roleId: holder ? RoleId.holder : RoleId.agency });
      await t.insert(sysUserDepart).values({ id: newId(), userId, depId: departId });
      const [org] = await t
        .insert(rightsOrg)
        .values({
          id: newId(),
          orgName: body.orgName,
          orgType: body.orgType,
          contactName: body.username,
          contactPhone: body.phone,
          contactEmail: body.email || null,
          applicantId: userId,
          createBy: body.username,
          createTime: now,
        })
        .returning();
      // the organisation and its account start their histories here, as those an administrator adds do
      const self = { username: body.username, realname: body.username };
      await recordVersion(t, self, DataTable.org, org!.id, null, org, now);
      await recordVersion(t, self, DataTable.user, userId, null, (await readUserVersions(t, [userId])).get(userId), now);
    });
  } catch (error) {
    // Two registrations racing for one name or phone: the unique index decides.
    if (isUniqueViolation(error)) throw new BizError(RegisterMsg.usernameTaken);
    throw error;
  }
}

/** /user/alteration step 1: the captcha is checked; the account is not looked up, so the answer tells nothing. */
export async function confirmAccount(db: Db, body: { username: string; captcha: string; checkKey: string }, client: ClientInfo) {
  if (!(await consumeCaptcha(db, body.checkKey, body.captcha))) throw new BizError(Msg.captchaWrong);
  return { username: body.username, ticket: await issueTicket(db, body.username, client.ip) };
}

/** The account a code of smsmode 2 must be bound to: active, with that phone. Anything else binds to nobody. */
async function recoverable(db: Db, username: string, phone: string) {
  const user = await findActiveUserByUsername(db, username);
  return user && user.status === 1 && user.phone === phone ? user : null;
}

/** step 2: the code is right and bound to this account; it is marked verified, not used up. */
export async function verifyPhone(db: Db, body: z.infer<typeof phoneVerificationBody>): Promise<{ username: string }> {
  const user = await recoverable(db, body.username, body.phone);
  const ok = await checkCode(db, { purpose: SmsMode.forgot, mobile: body.phone, code: body.smscode, userId: user?.id ?? null, mode: 'verify' });
  if (!user || !ok) throw new BizError(SmsMsg.codeInvalid);
  return { username: user.username };
}

/** step 3: the verified code is used up with the new password; every session of the account ends. */
export async function resetPassword(db: Db, body: z.infer<typeof passwordChangeBody>, client: ClientInfo, url: string): Promise<void> {
  const user = await recoverable(db, body.username, body.phone);
  const ok = await checkCode(db, {
    purpose: SmsMode.forgot,
    mobile: body.phone,
    code: body.smscode,
    userId: user?.id ?? null,
    mode: 'consume',
    requireVerified: true,
  });
  if (!user || !ok) throw new BizError(SmsMsg.codeInvalid);
  const hash = await hashPassword(body.password);
  await withVersions(db, user, DataTable.user, [user.id], readUserVersions, (t) =>
    t
      .update(sysUser)
      .set({ password: hash, passwordMustChange: 0, passwordChangedAt: new Date(), updateBy: user.username, updateTime: new Date() })
      .where(eq(sysUser.id, user.id)),
  );
  await revokeOtherSessions(db, user.id, '');
  await writeLoginLog(db, { content: `用户名: ${user.username},短信验证后重置密码`, username: user.username, realname: user.realname, client, url });
}
