import type { Db } from '../../platform/db/client.ts';
import { RoleId, seedMenuSection } from '../../seed/buttons.ts';
import { RightsMenuId } from '../core/ids/menus.ts';
import { ApprovalPerm, OrgPerm } from '@sbwq/contracts';

const customers = [RoleId.agency, RoleId.holder];

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
      {
        key: 'enter',
        name: '机构入驻',
        url: '/dashboard/enter-organisation',
        component: 'dashboard/EnterOrganisation',
        icon: 'form',
        codes: [OrgPerm.enrol],
        roles: customers,
      },
      {
        key: 'certify',
        name: '认证',
        url: '/dashboard/certification',
        component: 'dashboard/Certification',
        icon: 'safety-certificate',
        codes: [],
        roles: customers,
      },
    ],
  });
  await seedMenuSection(db, {
    id: RightsMenuId.org,
    name: '机构管理',
    url: '/rights/org',
    icon: 'bank',
    sortNo: 20,
    screens: [
      {
        key: 'list',
        name: '机构列表',
        url: '/rights/org/list',
        component: 'rights/OrgList',
        icon: 'cluster',
        codes: [OrgPerm.list, OrgPerm.status],
        roles: [RoleId.reviewer, RoleId.finance],
      },
      {
        key: 'enrolApproval',
        name: '入驻审批',
        url: '/rights/org/enrolApproval',
        component: 'rights/OrgEnrolApprovalList',
        icon: 'audit',
        codes: [OrgPerm.approve],
        roles: [RoleId.reviewer],
      },
      {
        key: 'certifyApproval',
        name: '认证审批',
        url: '/rights/org/certifyApproval',
        component: 'rights/OrgCertifyApprovalList',
        icon: 'security-scan',
        codes: [],
        roles: [RoleId.reviewer],
      },
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
      {
        key: 'todo',
        name: '待我审批',
        url: '/rights/approval/todo',
        component: 'rights/ApprovalTodoList',
        icon: 'schedule',
        codes: [ApprovalPerm.todo],
        roles: [RoleId.reviewer, RoleId.finance],
      },
      {
        key: 'list',
        name: '审批记录',
        url: '/rights/approval/list',
        component: 'rights/ApprovalList',
        icon: 'history',
        codes: [ApprovalPerm.list],
        roles: [RoleId.reviewer, RoleId.finance, ...customers],
      },
    ],
  });
}
