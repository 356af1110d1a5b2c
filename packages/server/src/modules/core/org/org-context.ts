import { desc, eq, inArray, or, sql } from 'drizzle-orm';
import { CertifyStatus, EnterStatus, RightsMsg } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { dataVersion, manyUnderVersion, underVersion } from '../../../platform/db/versioned-cache.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { rightsOrg, type OrgRow } from './org.table.ts';

/**
 * Association staff (admin, reviewer, finance): they read every organisation's data and files. Asked on
 * most organisation-data requests, so the answer is remembered per version of the `access` tables (roles
 * are among them); pass the session's `accessVersion` to save reading it again.
 */
export async function isStaff(db: Db, userId: string, version?: number): Promise<boolean> {
  const v = version ?? (await dataVersion(db, 'access'));
  return underVersion(db, `staff\n${userId}`, v, async () => {
    const found = await rows<{ ok: number }>(
      db,
      sql`select 1 as ok from sys_user_role ur join sys_role r on r.id = ur.role_id
           where ur.user_id = ${userId} and r.role_code in ('admin', 'reviewer', 'finance') limit 1`,
    );
    return found.length > 0;
  });
}

/** Envelope code of the refusal an organisation user gets before enrolment and certification are done. */
export const ORG_NOT_READY_CODE = 403;

/**
 * The caller's organisation: the enrolled organisation whose department code prefixes the user's current
 * department code (the longest one), else the application the user started before enrolment. Asked on
 * most organisation-data requests, so remembered per version of the organisation table: any write to it
 * (enrolment, certification, disabling) applies to the next request. The row is shared: never mutate it.
 */
export async function findMyOrg(db: Db, user: Pick<SessionUser, 'id' | 'orgCode'>): Promise<OrgRow | null> {
  const version = await dataVersion(db, 'rights_org');
  return underVersion(db, `myOrg\n${user.id}\n${user.orgCode ?? ''}`, version, () => lookUpMyOrg(db, user));
}

async function lookUpMyOrg(db: Db, user: Pick<SessionUser, 'id' | 'orgCode'>): Promise<OrgRow | null> {
  // One statement for both: a department match first, the longest code first, then the user's own application.
  const mine = eq(rightsOrg.applicantId, user.id);
  if (!user.orgCode) {
    const [own] = await db.select().from(rightsOrg).where(mine).limit(1);
    return own ?? null;
  }
  // (a constant such as `false` may not stand in ORDER BY: PostgreSQL refuses it, hence the two forms)
  const byDepart = sql`(${rightsOrg.sysOrgCode} is not null and ${user.orgCode} like ${rightsOrg.sysOrgCode} || '%')`;
  const [found] = await db
    .select()
    .from(rightsOrg)
    .where(or(byDepart, mine))
    .orderBy(desc(byDepart), desc(sql`coalesce(length(${rightsOrg.sysOrgCode}), 0)`))
    .limit(1);
  return found ?? null;
}

/** Organisations' names by id, for the lists that show whose a row is; remembered per version of the organisation table. */
export async function orgNamesOf(db: Db, ids: readonly string[]): Promise<Map<string, string | null>> {
  return manyUnderVersion<string | null>(db, 'rights_org', 'orgName', [...new Set(ids)], null, async (missing) => {
    const found = await db.select({ id: rightsOrg.id, name: rightsOrg.orgName }).from(rightsOrg).where(inArray(rightsOrg.id, missing));
    return new Map(found.map((o) => [o.id, o.name]));
  });
}

/**
 * An account awaiting its organisation's enrolment: not association staff, and the applicant of an
 * organisation (self-registration makes one, register.service.ts) or a user under one that the
 * association has never enrolled (未提交, 待审核, 已驳回). Accounts an administrator created outside any
 * organisation have none; a disabled organisation was vetted and is refused by its own rule (`viewerOf`).
 * Until enrolled, such an account reaches its own enrolment and account only (the access hook's
 * `onboarding` routes).
 */
export async function isUnvetted(db: Db, user: Pick<SessionUser, 'id' | 'orgCode' | 'accessVersion'>): Promise<boolean> {
  const org = await findMyOrg(db, user);
  if (!org || !AWAITING_ENROLMENT.has(org.enterStatus)) return false;
  return !(await isStaff(db, user.id, user.accessVersion));
}
const AWAITING_ENROLMENT = new Set<string>([EnterStatus.draft, EnterStatus.pending, EnterStatus.rejected]);

export const isReady = (org: OrgRow | null) => !!org && org.enterStatus === EnterStatus.enrolled && org.certifyStatus === CertifyStatus.certified;

function refuse(org: OrgRow | null): never {
  if (org?.enterStatus === EnterStatus.disabled) throw new BizError(RightsMsg.orgDisabled, ORG_NOT_READY_CODE);
  throw new BizError(RightsMsg.orgNotReady, ORG_NOT_READY_CODE);
}

/** The organisation of a caller who writes organisation data: it must be enrolled and certified (staff included). */
export async function requireReadyOrg(db: Db, user: SessionUser): Promise<OrgRow> {
  const org = await findMyOrg(db, user);
  if (!isReady(org)) {
    if (!org && (await isStaff(db, user.id, user.accessVersion))) throw new BizError(RightsMsg.orgRequired);
    refuse(org);
  }
  return org!;
}

export type Viewer = { staff: true; org: OrgRow | null } | { staff: false; org: OrgRow };

/**
 * Who reads organisation data: association staff (admin, reviewer, finance) read everything; an
 * organisation user reads only their organisation's, and only once it is enrolled and certified.
 */
export async function viewerOf(db: Db, user: SessionUser): Promise<Viewer> {
  const [staff, org] = await Promise.all([isStaff(db, user.id, user.accessVersion), findMyOrg(db, user)]);
  if (staff) return { staff: true, org: isReady(org) ? org : null };
  if (!isReady(org)) refuse(org);
  return { staff: false, org: org! };
}
