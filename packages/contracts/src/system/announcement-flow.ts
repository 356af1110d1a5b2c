import { z } from 'zod';
import { defineFlow, pageSchema } from '../flow.ts';
import {
  AnnouncementMsg,
  AnnouncementPerm,
  announcementRecordSchema,
  listByUserResultSchema,
  myAnnouncementSendRecordSchema,
  type AnnouncementRecord,
  type MyAnnouncementSendRecord,
} from './announcement.ts';

/** `?id=` of an announcement; `_t` is the JeecgBoot client's cache breaker. */
const idQuery = z.object({ id: z.string({ error: '缺少ID' }).min(1, '缺少ID').max(36), _t: z.string().optional() });

/**
 * 通告管理 beyond its standard routes (JEECG-API §5.2; `annountCement` and `doReovkeData` spelt as
 * JeecgBoot does): releasing and revoking, the notice modal's read of one, and the bell's own calls.
 */
export const announcementFlow = defineFlow<AnnouncementRecord>()({
  basePath: '/sys/annountCement',
  actions: {
    // Open to every signed-in user: the notice modal reads it; the service decides what the caller may see.
    queryById: { path: 'queryById', method: 'GET', signedIn: true, onboarding: true, query: idQuery, reply: announcementRecordSchema, summary: '按ID查询通告' },
    release: {
      path: 'doReleaseData',
      method: 'GET',
      permission: AnnouncementPerm.release,
      query: idQuery,
      reply: z.null(),
      done: AnnouncementMsg.released,
      summary: '发布通告',
    },
    revoke: {
      path: 'doReovkeData',
      method: 'GET',
      permission: AnnouncementPerm.release,
      query: idQuery,
      reply: z.null(),
      done: AnnouncementMsg.revoked,
      summary: '撤销通告',
    },
    listByUser: { path: 'listByUser', method: 'GET', signedIn: true, onboarding: true, reply: listByUserResultSchema, summary: '当前用户的未读通告与系统消息' },
    syncNotic: {
      path: 'syncNotic',
      method: 'GET',
      signedIn: true,
      onboarding: true,
      query: z.object({ anntId: z.string().max(36).optional(), _t: z.string().optional() }),
      reply: z.null(),
      summary: '刷新本人的消息提醒',
    },
  },
});

/** 我的消息 (JEECG-API §5.2): a user's own deliveries; nobody else's row can be reached. */
export const announcementSendFlow = defineFlow<MyAnnouncementSendRecord>()({
  basePath: '/sys/sysAnnouncementSend',
  actions: {
    markRead: {
      path: 'editByAnntIdAndUserId',
      method: 'PUT',
      alsoMethods: ['POST'],
      signedIn: true,
      onboarding: true,
      body: z.object({ anntId: z.string({ error: '缺少通告ID' }).min(1, '缺少通告ID').max(36) }).loose(),
      reply: z.null(),
      summary: '标记当前用户的一条通告为已读',
    },
    // the server checks the filters against its whitelist; these are what the screens send
    list: {
      path: 'getMyAnnouncementSend',
      method: 'GET',
      signedIn: true,
      onboarding: true,
      query: z.object({ pageNo: z.coerce.number().optional(), pageSize: z.coerce.number().optional() }).loose(),
      reply: pageSchema(myAnnouncementSendRecordSchema),
      summary: '我的消息',
    },
    readAll: {
      path: 'readAll',
      method: 'PUT',
      alsoMethods: ['POST'],
      signedIn: true,
      onboarding: true,
      reply: z.null(),
      done: AnnouncementMsg.readAll,
      summary: '当前用户的全部消息标为已读',
    },
  },
});
