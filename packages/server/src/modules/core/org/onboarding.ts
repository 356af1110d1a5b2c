import { sql } from 'drizzle-orm';
import { OrgPerm } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { hasPermission } from '../../../platform/access/access.ts';
import { HOME_PERMISSION_ID } from '../ids/menus.ts';
import { findMyOrg, isReady, isStaff } from './org-context.ts';

/**
 * The two pages an organisation user may open before its organisation is enrolled and certified
 * (DOMAIN.md: "until enrolled and certified an organisation sees only the certification /
 * enter-organisation pages"). Their menu names are the ones RightsMsg.orgNotReady points to.
 */
export const ONBOARDING_COMPONENTS = ['dashboard/EnterOrganisation', 'dashboard/Certification'];

type MenuRow = { id: string; parent_id: string | null; menu_type: number; component: string | null; name: string };

/**
 * True for an organisation user (one who may enrol, and is not association staff) whose organisation is
 * not yet enrolled and certified, or is disabled: their menu shows only the onboarding pages.
 */
export async function menuGated(db: Db, userId: string, version?: number, orgCode?: string | null): Promise<boolean> {
  if (!(await hasPermission(db, userId, OrgPerm.enrol, version)) || (await isStaff(db, userId, version))) return false;
  // the session read the user's department code with the user; read it here only when not given
  const code =
    orgCode !== undefined
      ? orgCode
      : ((await rows<{ org_code: string | null }>(db, sql`select org_code from sys_user where id = ${userId}`))[0]?.org_code ?? null);
  const org = await findMyOrg(db, { id: userId, orgCode: code });
  return !isReady(org);
}

/**
 * The permission rows a gated user keeps: 首页, the onboarding pages and the menus above them, and the
 * buttons of what is kept. The server refuses the rest anyway (`viewerOf`); this keeps the
 * menu from offering pages that would only answer 机构尚未完成入驻和认证.
 */
export function onboardingRows<R extends MenuRow>(list: R[]): R[] {
  const byId = new Map(list.map((r) => [r.id, r]));
  const kept = new Set<string>([HOME_PERMISSION_ID]);
  for (const r of list) {
    if (r.name === '首页' && !r.parent_id) kept.add(r.id);
    if (r.component && ONBOARDING_COMPONENTS.includes(r.component)) {
      for (let at: R | undefined = r; at && !kept.has(at.id); at = at.parent_id ? byId.get(at.parent_id) : undefined) kept.add(at.id);
    }
  }
  return list.filter((r) => kept.has(r.id) || (r.menu_type === 2 && r.parent_id !== null && kept.has(r.parent_id)));
}
