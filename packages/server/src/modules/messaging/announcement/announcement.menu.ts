import { AnnouncementPerm } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { buttonsOf, CRUD_VERBS, RoleId, screenMenu, seedMenuSection } from '../../../seed/buttons.ts';
import { SYSTEM_MENU_ID } from '../../core/ids/menus.ts';

/** 通告管理 under 系统管理, with the system:announcement:* buttons. */
export const announcementMenu = screenMenu(
  'system',
  {
    parentId: SYSTEM_MENU_ID,
    sortNo: 20,
    key: 'announcement',
    name: '通告管理',
    url: '/isystem/annountCement',
    component: 'system/SysAnnouncementList',
    icon: 'notification',
  },
  buttonsOf(AnnouncementPerm, '通告', { ...CRUD_VERBS, release: '发布/撤销' }),
);

/**
 * 我的消息 under a new 个人办公 section at `/isps/userAnnouncement` (spec §2 route table), which every
 * role gets: the bell's 查看更多 leads there for every user.
 */
export async function seedUserAnnouncementMenu(db: Db): Promise<void> {
  await seedMenuSection(db, {
    id: 'menu:isps',
    name: '个人办公',
    url: '/isps',
    icon: 'desktop',
    sortNo: 80,
    screens: [
      {
        key: 'userAnnouncement',
        name: '我的消息',
        url: '/isps/userAnnouncement',
        component: 'system/UserAnnouncementList',
        icon: 'message',
        codes: [],
        roles: Object.values(RoleId).filter((id) => id !== RoleId.admin),
      },
    ],
  });
}
