import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../platform/db/client.ts';
import { hasPermission } from '../../platform/access/access.ts';
import { HOME_PERMISSION_ID, RoleId, seedMenuSection } from '../../seed/buttons.ts';
import { findMyOrg, isReady, isStaff } from '../core/org/org-context.ts';
import { RightsMenuId } from '../core/ids/menus.ts';
import { ApprovalPerm, OrgPerm } from '@sbwq/contracts';

const customers = [RoleId.agency, RoleId.holder];


/**
 * The two pages an organisation user may open before its organisation is enrolled and certified
 * (DOMAIN.md: "until enrolled and certified an organisation sees only the certification /
 * enter-organisation pages"). Their menu names are the ones RightsMsg.orgNotReady points to.
 */
export const ONBOARDING_COMPONENTS = ['dashboard/EnterOrganisation', 'dashboard/Certification'];

/**
 * 入驻与认证, 机构管理, 权利管理 and 审批管理, granted per DOMAIN.md roles; the button codes seeded by
 * `seedRightsButtons` move under the screens that use them. The screens of 银行账户, 受保护权利 and
 * 文件信息 come with their features' own menus, seeded after these sections.
 */
export async function seedRightsMenu(db: Db) {
  await seedMenuSection(db, {
    id: RightsMenuId.onboarding,
    name: '入驻与认证',
    url: '/dashboard/org',
    icon: 'idcard',
    sortNo: 10,
    screens: [
      { key: 'enter', name: '机构入驻', url: '/dashboard/enter-organisation', component: 'dashboard/EnterOrganisation', icon: 'form', codes: [OrgPerm.enrol], roles: customers },
      { key: 'certify', name: '认证', url: '/dashboard/certification', component: 'dashboard/Certification', icon: 'safety-certificate', codes: [], roles: customers },
    ],
  });
  await seedMenuSection(db, {
    id: RightsMenuId.org,
    name: '机构管理',
    url: '/rights/org',
    icon: 'bank',
    sortNo: 20,
    screens: [
      { key: 'list', name: '机构列表', url: '/rights/org/list', component: 'rights/OrgList', icon: 'cluster', codes: [OrgPerm.list, OrgPerm.status], roles: [RoleId.reviewer, RoleId.finance] },
      { key: 'enrolApproval', name: '入驻审批', url: '/rights/org/enrolApproval', component: 'rights/OrgEnrolApprovalList', icon: 'audit', codes: [OrgPerm.approve], roles: [RoleId.reviewer] },
      { key: 'certifyApproval', name: '认证审批', url: '/rights/org/certifyApproval', component: 'rights/OrgCertifyApprovalList', icon: 'security-scan', codes: [], roles: [RoleId.reviewer] },
    ],
  });
  await seedMenuSection(db, {
    id: RightsMenuId.right,
    name: '权利管理',
    url: '/rights/right',
    icon: 'trademark',
    sortNo: 30,
    // 受保护权利 and 文件信息 are seeded by their features (right.menu.ts, file-info.menu.ts).
    screens: [],
  });
  await seedMenuSection(db, {
    id: RightsMenuId.approval,
    name: '审批管理',
    url: '/rights/approval',
    icon: 'audit',
    sortNo: 40,
    screens: [
      { key: 'todo', name: '待我审批', url: '/rights/approval/todo', component: 'rights/ApprovalTodoList', icon: 'schedule', codes: [ApprovalPerm.todo], roles: [RoleId.reviewer, RoleId.finance] },
      { key: 'list', name: '审批记录', url: '/rights/approval/list', component: 'rights/ApprovalList', icon: 'history', codes: [ApprovalPerm.list], roles: [RoleId.reviewer, RoleId.finance, ...customers] },
    ],
  });
}

type MenuRow = { id: string; parent_id: string | null; menu_type: number; component: string | null; name: string };

/**
 * True for an organisation user (one who may enrol, and is not association staff) whose organisation is
 * not yet enrolled and certified, or is disabled: their menu shows only the onboarding pages.
 */
export async function menuGated(db: Db, userId: string): Promise<boolean> {
  if (!(await hasPermission(db, userId, OrgPerm.enrol)) || (await isStaff(db, userId))) return false;
  const [user] = await rows<{ org_code: string | null }>(db, sql`select org_code from sys_user where id = ${userId}`);
  const org = await findMyOrg(db, { id: userId, orgCode: user?.org_code ?? null } as Parameters<typeof findMyOrg>[1]);
  return !isReady(org);
}

/**
 * The permission rows a gated user keeps: 首页, the onboarding pages and the menus above them, and the
 * buttons of what is kept. The server refuses the rest anyway (org-context `viewerOf`); this keeps the
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
