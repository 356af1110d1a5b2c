import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AnnouncementMsg, announcementFlow, announcementResource, announcementSendFlow, Msg } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import { listQuerySchema } from '../../../platform/list/list-schema.ts';
import { addAnnouncement, announcementWhitelist, deleteAnnouncements, editAnnouncement, findAnnouncement, listAnnouncements } from './announcement.service.ts';
import { releaseAnnouncement, revokeAnnouncement } from '../../core/notice/delivery.ts';
import { announcementSendResource, listByUser, markRead, myAnnouncementSends, readAll, syncNotice } from './announcement.inbox.ts';

const tags = ['系统通告'];
/** titile and sender: a plain word means "contains" there (containsSearch in the service). */
const containsFilters = {
  titile: z.string().max(500).optional().describe('标题：包含此文字（也可用 *值* 等 JeecgBoot 写法）'),
  sender: z.string().max(500).optional().describe('发布人：包含此文字（也可用 *值* 等 JeecgBoot 写法）'),
};

/**
 * 通告管理 `/sys/annountCement/*` (spelling kept) and 我的消息 `/sys/sysAnnouncementSend/*`
 * (JEECG-API §5.2). Management is guarded by system:announcement:* codes; the user's calls only ever
 * touch the caller's own deliveries.
 */
export async function announcementRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, sockets } = deps;

  registerResource(app, deps, announcementResource, {
    tags,
    listResource: announcementWhitelist,
    listExtra: containsFilters,
    service: {
      list: listAnnouncements,
      add: addAnnouncement,
      edit: editAnnouncement,
      remove: deleteAnnouncements,
    },
    messages: {
      added: AnnouncementMsg.added,
      edited: AnnouncementMsg.edited,
      deleted: AnnouncementMsg.deleted,
      batchDeleted: AnnouncementMsg.deletedBatch,
      idsRequired: AnnouncementMsg.idsRequired,
      queried: Msg.ok,
    },
  });

  registerFlow(app, deps, announcementFlow, {
    tags,
    docs: {
      queryById: { description: '有 system:announcement:list 的用户可查看任一通告；其他用户只能查看已发布给自己的通告。' },
      release: { description: '为每个目标用户生成推送记录，并通过 WebSocket 推送（全体用户 cmd=topic，指定用户 cmd=user）。' },
      listByUser: { description: '各取最新 5 条未读，并给出未读总数（anntMsgList/anntMsgTotal 为通知公告，sysMsgList/sysMsgTotal 为系统消息）。' },
      syncNotic: {
        description:
          'JeecgBoot 我的消息在阅读一条消息或全部标注已读后调用。通过 WebSocket 只推送给当前用户本人：带 anntId 时全体通告 cmd=topic、指定用户通告 cmd=user（msgId、msgTxt 为标题）；不带 anntId 时 cmd=topic、msgTxt=批量设置已读。无权查看的通告答“未找到对应实体”。',
      },
    },
    handlers: {
      queryById: (c, query) => findAnnouncement(db, c.user, query.id),
      release: (c, query) => releaseAnnouncement(db, sockets, c.user, query.id).then(() => null),
      revoke: (c, query) => revokeAnnouncement(db, c.user, query.id).then(() => null),
      listByUser,
      // Every signed-in user's 我的消息 calls it; it only ever reaches the caller's own sockets.
      syncNotic: syncNotice,
    },
  });

  registerFlow(app, deps, announcementSendFlow, {
    tags,
    docs: { list: { description: '分页；可按 titile、sender（包含）、readFlag、busType、msgCategory 查询；未读在前，按发布时间倒序。' } },
    queries: { list: listQuerySchema(announcementSendResource, containsFilters) },
    handlers: {
      markRead: (c, body) => markRead(db, c.user.id, body.anntId).then(() => null),
      list: myAnnouncementSends,
      readAll,
    },
  });
}
