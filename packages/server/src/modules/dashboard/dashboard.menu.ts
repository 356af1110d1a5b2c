import { RoleId, type FeatureMenu } from '../../seed/buttons.ts';

/** 个人办公 (seeded with 我的消息, modules/system/announcement/announcement.menu.ts). */
const PERSONAL_MENU_ID = 'menu:isps';

/**
 * 工作台 (spec §2 view group dashboard: workplace) under 个人办公, after 我的消息, for every role: what it shows is
 * decided by the caller's own permissions, so it needs no button of its own.
 */
export const workplaceMenu: FeatureMenu = {
  key: 'menu:dashboard:workplace:v1',
  buttons: {},
  screen: {
    parentId: PERSONAL_MENU_ID,
    sortNo: 2,
    key: 'workplace',
    name: '工作台',
    url: '/dashboard/workplace',
    component: 'dashboard/Workplace',
    icon: 'desktop',
    roles: Object.values(RoleId).filter((id) => id !== RoleId.admin),
  },
};
