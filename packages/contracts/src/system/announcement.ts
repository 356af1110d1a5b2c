import { z } from 'zod';
import { auditFields } from '../record-fields.ts';
import { optionalKept } from '../form-fields.ts';
import { defineResource, permCodes } from '../resource.ts';

/**
 * 系统通告 / 我的消息 (spec §3 Announcement, §7 Notifications; JEECG-API §4.4, §5.2, §7.1). Field names
 * are JeecgBoot's, `titile` included.
 */
export const AnnouncementMsg = {
  titleRequired: '请输入标题',
  titleTooLong: '标题不能超过100个字符',
  usersRequired: '指定用户时请选择用户',
  timeFormat: '时间格式应为 YYYY-MM-DD HH:mm:ss',
  timeOrder: '开始时间不能晚于结束时间',
  openPageBad: '打开页面只能是系统内的路由（以 / 开头）',
  openUrlNotAllowed: '打开的网址不在允许的站点范围内',
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
  deletedBatch: '批量删除成功!',
  notFound: '未找到对应实体',
  released: '该系统通知发布成功',
  revoked: '该系统通知撤销成功',
  notReleased: '该系统通知未发布，无法撤销',
  editReleased: '已发布的系统通知不能编辑，请先撤销',
  readAll: '全部已读',
  idsRequired: '请选择要操作的数据',
} as const;

export const PRIORITIES = ['L', 'M', 'H'] as const;
export type Priority = (typeof PRIORITIES)[number];
/** spec §2 notice popover tags: L 一般, M 重要, H 紧急 (the dictionary texts are 低/中/高). */
export const PRIORITY_TAG: Record<Priority, { text: string; color: string }> = {
  L: { text: '一般', color: 'blue' },
  M: { text: '重要', color: 'orange' },
  H: { text: '紧急', color: 'red' },
};
/** msg_category: 1 通知公告, 2 系统消息 */
export const MSG_CATEGORIES = ['1', '2'] as const;
/** msg_type: USER 指定用户, ALL 全体用户 */
export const MSG_TYPES = ['USER', 'ALL'] as const;
/** send_status: 0 未发布, 1 已发布, 2 已撤销 */
export const SEND_STATUS = { draft: '0', released: '1', revoked: '2' } as const;
export const OPEN_TYPES = ['component', 'url'] as const;

/** spec §9 notification socket and polling. */
export const NOTICE_POLL_MS = 6_000;
export const NOTICE_RECONNECT_MS = 5_000;
export const NOTICE_HEARTBEAT_TIMEOUT_MS = 20_000;
/** spec §9 table socket: heartbeat every 10 s, 6 s answer timeout, reconnect after 5 s. */
export const VXE_HEARTBEAT_MS = 10_000;
export const VXE_HEARTBEAT_TIMEOUT_MS = 6_000;
export const VXE_RECONNECT_MS = 5_000;
/** listByUser answers at most this many items per list. */
export const NOTICE_LIST_SIZE = 5;

/**
 * Close codes of the two sockets when the server refuses or ends a connection. A client should not
 * reconnect after 4401 until it has a new token.
 */
export const SocketClose = {
  /** token missing, unknown, revoked or expired */
  tokenInvalid: 4401,
  /** the path's userId is not the token's user */
  wrongUser: 4403,
  /** too many connections for this user; the oldest is closed */
  tooMany: 4409,
} as const;

/** Messages of the notification socket `{API_BASE}/websocket/{userId}` (JEECG-API §7.1). */
export type NoticeSocketMessage =
  | { cmd: 'topic'; msgId: string; msgTxt: string }
  | { cmd: 'user'; msgId: string; msgTxt: string; userId: string }
  | { cmd: 'heartcheck'; msgTxt: string }
  /** business figures changed (a submission, a decision, a payment): 业务监控 reads its figures again; carries no data */
  | { cmd: 'monitor'; msgTxt: string };

export const MONITOR_PING = { cmd: 'monitor', msgTxt: '业务数据已更新' } as const satisfies NoticeSocketMessage;

/** Messages of the table socket `{API_BASE}/vxeSocket/{userId}/{pageId}` (JEECG-API §7.2). */
export type VxeSocketMessage =
  | { type: 'heart_beat'; data: unknown }
  | { type: 'update_vxe_table'; data: { socketKey: string; args: unknown[] } }
  | { type: 'common_send_date'; data: { key: string; args: unknown[] } };

/**
 * An internal route: starts with one `/` (not `//`, no backslash, so no scheme and no other host) and
 * holds only URL characters.
 */
export function isInternalRoute(value: string): boolean {
  return value.length <= 255 && /^\/(?![/\\])[A-Za-z0-9\-._~/?#[\]@!$&'()*+,;=%:]*$/.test(value);
}

/** Forms send '' for a cleared field: that is no value. */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const dateTime = z.preprocess(
  blankToNull,
  z
    .string({ error: AnnouncementMsg.timeFormat })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/, AnnouncementMsg.timeFormat)
    .nullish()
    .transform((v) => v ?? null),
);

const fields = {
  titile: z.string({ error: AnnouncementMsg.titleRequired }).trim().min(1, AnnouncementMsg.titleRequired).max(100, AnnouncementMsg.titleTooLong),
  /** HTML; the server sanitises it on save */
  msgContent: optionalKept(500_000),
  /** plain text summary */
  msgAbstract: optionalKept(2_000),
  startTime: dateTime,
  endTime: dateTime,
  priority: z.preprocess(
    blankToNull,
    z
      .enum(PRIORITIES, { error: '优先级只能是 L、M、H' })
      .nullish()
      .transform((v) => v ?? 'L'),
  ),
  msgCategory: z.preprocess(
    blankToNull,
    z
      .enum(MSG_CATEGORIES, { error: '通告类型只能是 1 通知公告、2 系统消息' })
      .nullish()
      .transform((v) => v ?? '2'),
  ),
  msgType: z.preprocess(
    blankToNull,
    z
      .enum(MSG_TYPES, { error: '通告对象类型只能是 USER 或 ALL' })
      .nullish()
      .transform((v) => v ?? 'ALL'),
  ),
  /** sys_user ids, comma separated; a trailing comma is accepted (`id1,id2,`) */
  userIds: optionalKept(400_000),
  openType: z.preprocess(
    blankToNull,
    z
      .enum(OPEN_TYPES, { error: '打开方式只能是 component 或 url' })
      .nullish()
      .transform((v) => v ?? null),
  ),
  openPage: optionalKept(255),
  busType: optionalKept(20),
  busId: optionalKept(50),
};

type Shape = { startTime: string | null; endTime: string | null; msgType: string; userIds: string | null };
const checks = <T extends Shape>(v: T, ctx: z.RefinementCtx) => {
  if (v.startTime && v.endTime && v.startTime > v.endTime) ctx.addIssue({ code: 'custom', message: AnnouncementMsg.timeOrder, path: ['endTime'] });
  if (v.msgType === 'USER' && !(v.userIds ?? '').split(',').some((s) => s.trim() !== '')) {
    ctx.addIssue({ code: 'custom', message: AnnouncementMsg.usersRequired, path: ['userIds'] });
  }
};

/** POST /sys/annountCement/add. Unknown fields (sendStatus, sender, delFlag …) are ignored, as JeecgBoot forms send whole rows. */
export const announcementAddBody = z.object(fields).superRefine(checks);
/** PUT /sys/annountCement/edit */
export const announcementEditBody = z.object({ id: z.string({ error: '缺少ID' }).min(1, '缺少ID').max(36), ...fields }).superRefine(checks);
export type AnnouncementAddBody = z.infer<typeof announcementAddBody>;
export type AnnouncementEditBody = z.infer<typeof announcementEditBody>;

const dictText = z.string().optional();
const priority = z.enum(PRIORITIES).nullable();
const msgCategory = z.enum(MSG_CATEGORIES);
const openType = z.enum(OPEN_TYPES).nullable();
/** 发布人: the name of the user `sender` names (系统 for the server's own notices) */
const senderName = z.string().nullable().optional();

/** A sys_announcement row as the API answers it (dates `YYYY-MM-DD HH:mm:ss`, GMT+8). */
export const announcementRecordSchema = z.object({
  id: z.string(),
  titile: z.string(),
  msgContent: z.string().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** 发布人's account name (JeecgBoot keeps the username here) */
  sender: z.string().nullable(),
  priority,
  msgCategory,
  msgType: z.enum(MSG_TYPES).nullable(),
  sendStatus: z.enum(['0', '1', '2']),
  sendTime: z.string().nullable(),
  cancelTime: z.string().nullable(),
  delFlag: z.enum(['0', '1']),
  busType: z.string().nullable(),
  busId: z.string().nullable(),
  openType,
  openPage: z.string().nullable(),
  /** a manager's answers only; null for a user's */
  userIds: z.string().nullable(),
  msgAbstract: z.string().nullable(),
  ...auditFields,
  senderName,
  /** list only */
  priority_dictText: dictText,
  msgCategory_dictText: dictText,
  msgType_dictText: dictText,
  sendStatus_dictText: dictText,
});
export type AnnouncementRecord = z.infer<typeof announcementRecordSchema>;

/** GET /sys/annountCement/listByUser */
export const listByUserResultSchema = z.object({
  anntMsgList: z.array(announcementRecordSchema),
  anntMsgTotal: z.number(),
  sysMsgList: z.array(announcementRecordSchema),
  sysMsgTotal: z.number(),
});
export type ListByUserResult = z.infer<typeof listByUserResultSchema>;

/** A row of GET /sys/sysAnnouncementSend/getMyAnnouncementSend (id is the send row's). */
export const myAnnouncementSendRecordSchema = z.object({
  id: z.string(),
  anntId: z.string(),
  userId: z.string(),
  titile: z.string(),
  msgContent: z.string().nullable(),
  /** 发布人's account name (JeecgBoot keeps the username here) */
  sender: z.string().nullable(),
  senderName,
  priority,
  readFlag: z.enum(['0', '1']),
  sendTime: z.string().nullable(),
  msgCategory,
  busId: z.string().nullable(),
  busType: z.string().nullable(),
  openType,
  openPage: z.string().nullable(),
  msgAbstract: z.string().nullable(),
  priority_dictText: dictText,
  msgCategory_dictText: dictText,
});
export type MyAnnouncementSendRecord = z.infer<typeof myAnnouncementSendRecordSchema>;

export const AnnouncementPerm = permCodes('system:announcement', ['list', 'add', 'edit', 'delete', 'release']);

/**
 * 通告管理 `/sys/annountCement/*` (JeecgBoot's spelling) as a resource: list, add, edit (PUT or POST),
 * delete, deleteBatch. Its queryById is open to every signed-in user (the notice modal reads it).
 */
export const announcementResource = defineResource<AnnouncementRecord>()({
  basePath: '/sys/annountCement',
  entity: '通告',
  perm: AnnouncementPerm,
  record: announcementRecordSchema,
  routes: ['list', 'add', 'edit', 'delete', 'deleteBatch'],
  addBody: announcementAddBody,
  editBody: announcementEditBody,
  editMethods: ['PUT', 'POST'],
  docs: {
    list: {
      summary: '通告列表',
      description: '分页；titile、sender 按包含查询，其余字段按 JeecgBoot 查询约定；带 priority/msgCategory/msgType/sendStatus 的 _dictText。',
    },
    add: { description: 'msgContent 保存前清理（去掉脚本、事件属性、javascript: 链接、iframe 等）；openPage 只能是系统内路由或允许的网址。' },
    edit: { summary: '编辑通告（仅未发布的）', description: '指定用户的通告同步其推送记录。' },
    delete: { summary: '删除通告（逻辑删除）' },
    deleteBatch: { summary: '批量删除通告（逻辑删除）' },
  },
});
