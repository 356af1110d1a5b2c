import { createHash } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { ACCOUNT_RECENT, AccountMsg, type AccountCenter, type AccountSession, type AccountSettings, type CustomSettings } from '@sbwq/contracts';
import type { z } from 'zod';
import type { profileBody } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { formatDateTime } from '../../../platform/db/time.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import type { SessionPolicy, SessionUser } from '../../../platform/auth/session.ts';
import { sysSession } from '../../../platform/auth/session.table.ts';
import { findMyOrg } from '../../core/org/org-context.ts';
import { rightsApproval } from '../../core/approval/approval.table.ts';
import { noticePrefsOf } from '../../core/notice/notice-pref.ts';
import type { DictService } from '../../config/dict/dict.service.ts';
import { sysUser } from '../user/user.table.ts';
import { findUserById, toUserInfo } from '../user/user.service.ts';
import { readUserVersions } from '../user/user-versions.ts';
import { DataTable, withVersions } from '../../core/datalog/datalog.service.ts';
import { sysUserCustom } from './account-center.table.ts';
import { parseUserAgent } from './user-agent.ts';
import { readableContent } from '../../operations/log/operation-log.ts';

/**
 * The handle 安全设置 revokes a session by: derived from the stored token hash, so the list never
 * carries what the database keys sessions by, and a handle proves nothing at sign-in.
 */
export const sessionHandle = (tokenHash: string) => createHash('sha256').update(`session-handle:${tokenHash}`).digest('hex').slice(0, 32);

type SessionRow = { token_hash: string; ip: string | null; user_agent: string | null; created_at: Date | string; last_seen_at: Date | string };

/** My sessions still usable (not revoked, not expired, not idle past the policy), newest use first. */
async function liveSessions(db: Db, policy: SessionPolicy, userId: string): Promise<SessionRow[]> {
  return rows<SessionRow>(
    db,
    sql`select token_hash, ip, user_agent, created_at, last_seen_at from sys_session
         where user_id = ${userId} and revoked_at is null and expires_at > now()
           and last_seen_at > now() - make_interval(mins => ${policy.idleMinutes})
         order by last_seen_at desc, created_at desc`,
  );
}

export async function listSessions(db: Db, policy: SessionPolicy, me: SessionUser): Promise<AccountSession[]> {
  const found = await liveSessions(db, policy, me.id);
  return found.map((s) => ({
    id: sessionHandle(s.token_hash),
    ...parseUserAgent(s.user_agent),
    ip: s.ip,
    createdAt: formatDateTime(s.created_at) ?? '',
    lastSeenAt: formatDateTime(s.last_seen_at) ?? '',
    current: s.token_hash === me.tokenHash,
  }));
}

/**
 * Revokes one of MY other sessions: the handle is looked for among my own live sessions only, so
 * another user's handle is refused as unknown; its token is refused at its next request.
 */
export async function revokeMySession(db: Db, policy: SessionPolicy, me: SessionUser, id: string): Promise<void> {
  const target = (await liveSessions(db, policy, me.id)).find((s) => sessionHandle(s.token_hash) === id);
  if (!target) throw new BizError(AccountMsg.sessionNotFound);
  if (target.token_hash === me.tokenHash) throw new BizError(AccountMsg.currentSession);
  await db
    .update(sysSession)
    .set({ revokedAt: new Date() })
    .where(and(eq(sysSession.tokenHash, target.token_hash), eq(sysSession.userId, me.id), sql`${sysSession.revokedAt} is null`));
}

export async function revokeMyOtherSessions(db: Db, me: SessionUser): Promise<number> {
  const done = await rows<{ n: number }>(
    db,
    sql`with revoked as (
          update sys_session set revoked_at = now()
           where user_id = ${me.id} and token_hash <> ${me.tokenHash} and revoked_at is null and expires_at > now()
          returning 1)
        select count(*)::int as n from revoked`,
  );
  return done[0]?.n ?? 0;
}

/** 基本设置: name and avatar. The e-mail may come along as it stands; a new one needs the password (安全设置). */
export async function saveProfile(db: Db, me: SessionUser, body: z.output<typeof profileBody>) {
  const before = await findUserById(db, me.id);
  if (!before) throw new BizError('用户不存在');
  if (body.email !== undefined && body.email !== before.email) throw new BizError(AccountMsg.emailViaSecurity);
  await withVersions(db, me, DataTable.user, [me.id], readUserVersions, (t) =>
    t.update(sysUser).set({ realname: body.realname, avatar: body.avatar, updateBy: me.username, updateTime: new Date() }).where(eq(sysUser.id, me.id)),
  );
  const user = await findUserById(db, me.id);
  if (!user) throw new BizError('用户不存在');
  return { userInfo: toUserInfo(user) };
}

export async function settingsOf(db: Db, userId: string): Promise<AccountSettings> {
  const [custom] = await db.select({ settings: sysUserCustom.settings }).from(sysUserCustom).where(eq(sysUserCustom.userId, userId));
  return { notice: await noticePrefsOf(db, userId), custom: custom?.settings ?? null };
}

export async function saveCustom(db: Db, userId: string, settings: CustomSettings): Promise<void> {
  await db
    .insert(sysUserCustom)
    .values({ userId, settings, updateTime: new Date() })
    .onConflictDoUpdate({ target: sysUserCustom.userId, set: { settings, updateTime: new Date() } });
}

type ActivityRow = { id: string; log_content: string | null; create_time: Date | string; ip: string | null; success: boolean | null };

/** 个人中心: who I am, what I did lately (operation log) and what I decided lately (approval records). */
export async function accountCenter(db: Db, dicts: DictService, me: SessionUser): Promise<AccountCenter> {
  const user = await findUserById(db, me.id);
  if (!user) throw new BizError('用户不存在');
  const [departs, roles, previous, activity, decisions, org] = await Promise.all([
    rows<{ depart_name: string; org_code: string }>(
      db,
      sql`select d.depart_name, d.org_code from sys_user_depart ud join sys_depart d on d.id = ud.dep_id
           where ud.user_id = ${me.id} and d.del_flag = '0' order by d.depart_order, d.org_code`,
    ),
    rows<{ role_name: string }>(
      db,
      sql`select r.role_name from sys_user_role ur join sys_role r on r.id = ur.role_id where ur.user_id = ${me.id} order by r.role_name`,
    ),
    rows<{ created_at: Date | string; ip: string | null }>(
      db,
      sql`select created_at, ip from sys_session where user_id = ${me.id} and token_hash <> ${me.tokenHash} order by created_at desc limit 1`,
    ),
    // the operation log keeps the account in `userid` (JeecgBoot's habit); sign-ins (public calls) are 登录日志's
    rows<ActivityRow>(
      db,
      sql`select id, log_content, create_time, ip, success from sys_log
           where log_type = 2 and userid = ${me.username} and coalesce(permission_code, '') <> 'public'
           order by create_time desc limit ${ACCOUNT_RECENT}`,
    ),
    db
      .select({
        id: rightsApproval.id,
        bizType: rightsApproval.bizType,
        bizId: rightsApproval.bizId,
        bizTitle: rightsApproval.bizTitle,
        node: rightsApproval.node,
        result: rightsApproval.result,
        opinion: rightsApproval.opinion,
        approveTime: rightsApproval.approveTime,
      })
      .from(rightsApproval)
      .where(eq(rightsApproval.approverId, me.id))
      .orderBy(desc(rightsApproval.approveTime))
      .limit(ACCOUNT_RECENT),
    findMyOrg(db, me),
  ]);
  const current = departs.find((d) => d.org_code === user.orgCode);
  const plainDecisions = decisions.map((d) => ({ ...d, approveTime: formatDateTime(d.approveTime) ?? '' }));
  const translated = await dicts.withDictText(plainDecisions, { bizType: 'approval_biz_type', node: 'approval_node', result: 'approval_result' });
  return {
    profile: {
      id: user.id,
      username: user.username,
      realname: user.realname,
      avatar: user.avatar,
      email: user.email,
      phone: user.phone,
      orgCode: user.orgCode,
      departName: current?.depart_name ?? null,
      departs: departs.map((d) => d.depart_name),
      orgName: org?.orgName ?? null,
      roles: roles.map((r) => r.role_name),
      lastLoginTime: formatDateTime(previous[0]?.created_at) ?? null,
      lastLoginIp: previous[0]?.ip ?? null,
    },
    activity: activity.map((a) => ({
      id: a.id,
      content: readableContent(a.log_content) ?? '',
      time: formatDateTime(a.create_time) ?? '',
      ip: a.ip,
      success: a.success,
    })),
    decisions: translated,
  };
}
