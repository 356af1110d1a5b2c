import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AnnouncementMsg, AnnouncementPerm, announcementResource, Msg } from '@sbwq/contracts';
import { ok } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { idQuery as platformIdQuery } from '../../../platform/http/ids.ts';
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
const myListQuery = listQuerySchema(announcementSendResource, containsFilters);
const idQuery = platformIdQuery.extend({ _t: z.string().optional() });

/**
 * 通告管理 `/sys/annountCement/*` (spelling kept) and 我的消息 `/sys/sysAnnouncementSend/*`
 * (JEECG-API §5.2). Management is guarded by system:announcement:* codes; the user's calls only ever
 * touch the caller's own deliveries.
 */
export async function announcementRoutes(app: FastifyInstance, deps: AppDeps, opts: { safeOpenHosts?: string[] } = {}) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const safeHosts = opts.safeOpenHosts ?? deps.config.safeOpenHosts;

  registerResource(app, deps, announcementResource, {
    tags,
    listResource: announcementWhitelist,
    listExtra: containsFilters,
    docs: {
      list: { summary: '通告列表', description: '分页；titile、sender 按包含查询，其余字段按 JeecgBoot 查询约定；带 priority/msgCategory/msgType/sendStatus 的 _dictText。' },
      add: { description: 'msgContent 保存前清理（去掉脚本、事件属性、javascript: 链接、iframe 等）；openPage 只能是系统内路由或允许的网址。' },
      edit: { summary: '编辑通告（仅未发布的）', description: '指定用户的通告同步其推送记录。' },
      delete: { summary: '删除通告（逻辑删除）' },
      deleteBatch: { summary: '批量删除通告（逻辑删除）' },
    },
    service: {
      list: (c, query) => listAnnouncements(c.db, c.deps.dicts, query),
      add: (c, body) => addAnnouncement(c.db, c.user, body, safeHosts),
      edit: (c, body) => editAnnouncement(c.db, c.user, body, safeHosts),
      remove: (c, ids) => deleteAnnouncements(c.db, c.user, ids),
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

  r.get(
    '/sys/annountCement/queryById',
    {
      // Open to every signed-in user: the notice modal reads it. The service decides what the caller may see.
      config: { signedIn: true },
      schema: { tags, summary: '按ID查询通告', description: '有 system:announcement:list 的用户可查看任一通告；其他用户只能查看已发布给自己的通告。', querystring: idQuery },
    },
    async (request) => ok(await findAnnouncement(db, request.user!, request.query.id), Msg.ok, 200),
  );

  r.get(
    '/sys/annountCement/doReleaseData',
    {
      config: { permission: AnnouncementPerm.release },
      schema: { tags, summary: '发布通告', description: '为每个目标用户生成推送记录，并通过 WebSocket 推送（全体用户 cmd=topic，指定用户 cmd=user）。', querystring: idQuery },
    },
    async (request) => {
      await releaseAnnouncement(db, deps.sockets, request.user!, request.query.id);
      return ok(null, AnnouncementMsg.released, 200);
    },
  );

  r.get(
    '/sys/annountCement/doReovkeData',
    { config: { permission: AnnouncementPerm.release }, schema: { tags, summary: '撤销通告', querystring: idQuery } },
    async (request) => {
      await revokeAnnouncement(db, request.user!, request.query.id);
      return ok(null, AnnouncementMsg.revoked, 200);
    },
  );

  r.get(
    '/sys/annountCement/listByUser',
    {
      config: { signedIn: true },
      schema: { tags, summary: '当前用户的未读通告与系统消息', description: '各取最新 5 条未读，并给出未读总数（anntMsgList/anntMsgTotal 为通知公告，sysMsgList/sysMsgTotal 为系统消息）。' },
    },
    async (request) => ok(await listByUser(db, request.user!.id), Msg.ok, 200),
  );

  r.get(
    '/sys/annountCement/syncNotic',
    {
      // Every signed-in user's 我的消息 calls it; it only ever reaches the caller's own sockets.
      config: { signedIn: true },
      schema: {
        tags,
        summary: '刷新本人的消息提醒',
        description:
          'JeecgBoot 我的消息在阅读一条消息或全部标注已读后调用。通过 WebSocket 只推送给当前用户本人：带 anntId 时全体通告 cmd=topic、指定用户通告 cmd=user（msgId、msgTxt 为标题）；不带 anntId 时 cmd=topic、msgTxt=批量设置已读。无权查看的通告答“未找到对应实体”。',
        querystring: z.object({ anntId: z.string().max(36).optional(), _t: z.string().optional() }),
      },
    },
    async (request) => {
      await syncNotice(db, deps.sockets, request.user!, request.query.anntId || undefined);
      return ok(null, Msg.ok, 200);
    },
  );

  r.route({
    method: ['PUT', 'POST'],
    url: '/sys/sysAnnouncementSend/editByAnntIdAndUserId',
    config: { signedIn: true },
    schema: { tags, summary: '标记当前用户的一条通告为已读', body: z.object({ anntId: z.string({ error: '缺少通告ID' }).min(1, '缺少通告ID').max(36) }).loose() },
    handler: async (request) => {
      await markRead(db, request.user!.id, request.body.anntId);
      return ok(null, Msg.ok, 200);
    },
  });

  r.get(
    '/sys/sysAnnouncementSend/getMyAnnouncementSend',
    {
      config: { signedIn: true },
      schema: { tags, summary: '我的消息', description: '分页；可按 titile、sender（包含）、readFlag、busType、msgCategory 查询；未读在前，按发布时间倒序。', querystring: myListQuery },
    },
    async (request) => ok(await myAnnouncementSends(db, deps.dicts, request.user!.id, request.query), Msg.ok, 200),
  );

  r.route({
    method: ['PUT', 'POST'],
    url: '/sys/sysAnnouncementSend/readAll',
    config: { signedIn: true },
    schema: { tags, summary: '当前用户的全部消息标为已读' },
    handler: async (request) => {
      await readAll(db, request.user!.id);
      return ok(null, AnnouncementMsg.readAll, 200);
    },
  });
}
