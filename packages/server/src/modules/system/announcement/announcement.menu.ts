import type { Db } from '../../../platform/db/client.ts';
import { RoleId, seedMenuScreens, seedMenuSection } from '../../../seed/buttons.ts';
import { AnnouncementPerm } from './announcement.routes.ts';

/** The 系统管理 section seeded by the `menu:system-admin:v1` unit. */
const SYSTEM_SECTION_ID = 'menu:isystem';

/**
 * The announcement menu rows: 通告管理 under 系统管理 (adopting the system:announcement:* buttons), and 我的消息
 * under a new 个人办公 section at `/isps/userAnnouncement` (spec §2 route table), which every role gets:
 * the bell's 查看更多 leads there for every user.
 */
export async function seedAnnouncementMenu(db: Db): Promise<void> {
  await seedMenuScreens(
    db,
    SYSTEM_SECTION_ID,
    [{ key: 'announcement', name: '通告管理', url: '/isystem/annountCement', component: 'system/SysAnnouncementList', icon: 'notification', codes: Object.values(AnnouncementPerm) }],
    20,
  );
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
