import { z } from 'zod';
import { optionalKept } from '../form-fields.ts';
import { defineFlow } from '../flow.ts';
import { defineResource, permCodes } from '../resource.ts';
import { idField } from './dict.ts';
import { auditFields } from '../record-fields.ts';

/**
 * 消息模板 (sys_sms_template) and 消息中心 (sys_sms), issue 38. Types as the stock dictionary msgType:
 * 1 短信, 2 邮件, 4 系统 (3 微信 is not offered). Status as msgSendStatus: 0 未发送, 1 发送成功, 2 发送失败.
 */
export const SEND_MSG_TYPES = ['1', '2', '4'] as const;
export type MsgTypeValue = (typeof SEND_MSG_TYPES)[number];
export const MsgType = { sms: '1', email: '2', system: '4' } as const satisfies Record<string, MsgTypeValue>;
export const MSG_TYPE_TEXT: Record<MsgTypeValue, string> = { '1': '短信', '2': '邮件', '4': '系统消息' };
export const MsgSendStatus = { pending: '0', sent: '1', failed: '2' } as const;
/** A message is tried this many times in all before it stays 发送失败 (a resend starts it over). */
export const MSG_MAX_TRIES = 5;

export const MessageMsg = {
  codeRequired: '模板CODE不能为空',
  codeFormat: '模板CODE只能包含字母、数字、下划线和点，且以字母开头',
  codeTaken: '模板CODE已存在',
  nameRequired: '模板标题不能为空',
  contentRequired: '模板内容不能为空',
  typeBad: '模板类型只能是 短信、邮件 或 系统消息',
  templateNotFound: '消息模板不存在',
  messageNotFound: '消息不存在',
  testJsonBad: '测试数据须为JSON对象，如 {"name":"张三"}',
  parseJson: '解析Json出错！',
  syntax: (reason: string) => `模板语法错误：${reason}`,
  missingVars: (names: string[]) => `缺少模板变量：${names.join('、')}`,
  notScalar: (names: string[]) => `模板变量须为文字或数字：${names.join('、')}`,
  sectionsRefused: '模板只支持 ${变量名} 形式的变量',
  renderedTooLong: (what: '标题' | '内容', max: number) => `按测试数据渲染后的${what}超过${max}个字符，请缩短模板或变量`,
  receiverRequired: '请填写接收人',
  queued: '发送消息任务添加成功！',
  resent: '已重新加入发送队列',
  resendOnlyFailed: '只有发送失败的消息可以重新发送',
  noEmail: '该用户没有邮箱，不发送邮件',
  noPhone: '该用户没有手机号，不发送短信',
  muted: '该用户在新消息通知中关闭了此类消息',
  smtpMissing: '未配置邮件服务器（SMTP_HOST），无法发送邮件',
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
  batchDeleted: '批量删除成功!',
} as const;

export const TEMPLATE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_.]{0,99}$/;

const testJson = z
  .string()
  .max(4000, '测试数据不能超过4000个字符')
  .nullish()
  .transform((v) => (v == null || v.trim() === '' ? null : v.trim()))
  .refine((v) => {
    if (v == null) return true;
    try {
      const parsed: unknown = JSON.parse(v);
      return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed);
    } catch {
      return false;
    }
  }, MessageMsg.testJsonBad);

const templateFields = {
  templateCode: z.string({ error: MessageMsg.codeRequired }).trim().min(1, MessageMsg.codeRequired).regex(TEMPLATE_CODE_PATTERN, MessageMsg.codeFormat),
  templateName: z.string({ error: MessageMsg.nameRequired }).trim().min(1, MessageMsg.nameRequired).max(100, '模板标题不能超过100个字符'),
  templateContent: z
    .string({ error: MessageMsg.contentRequired })
    .max(4000, '模板内容不能超过4000个字符')
    .refine((v) => v.trim() !== '', MessageMsg.contentRequired),
  templateType: z.enum(SEND_MSG_TYPES, { error: MessageMsg.typeBad }),
  templateTestJson: testJson,
};
export const messageTemplateAddBody = z.object(templateFields);
export const messageTemplateEditBody = z.object({ id: idField, ...templateFields });
export type MessageTemplateAddBody = z.infer<typeof messageTemplateAddBody>;
export type MessageTemplateEditBody = z.infer<typeof messageTemplateEditBody>;

export const messageTemplateRecordSchema = z.object({
  id: z.string(),
  templateCode: z.string(),
  templateName: z.string(),
  templateContent: z.string(),
  templateType: z.string(),
  templateTestJson: z.string().nullable(),
  templateType_dictText: z.string().optional(),
  ...auditFields,
});
export type MessageTemplateRecord = z.infer<typeof messageTemplateRecordSchema>;

export const messageBody = z.object({
  esTitle: z.string().max(100, '消息标题不能超过100个字符').nullish(),
  esContent: z.string({ error: '发送内容不能为空' }).min(1, '发送内容不能为空').max(4000, '发送内容不能超过4000个字符'),
  esParam: optionalKept(1000),
  esReceiver: z.string({ error: MessageMsg.receiverRequired }).trim().min(1, MessageMsg.receiverRequired).max(200),
  esType: z.enum(SEND_MSG_TYPES, { error: MessageMsg.typeBad }),
  remark: optionalKept(500),
});
export const messageEditBody = messageBody.extend({ id: idField });
export type MessageBody = z.infer<typeof messageBody>;
export type MessageEditBody = z.infer<typeof messageEditBody>;

export const messageRecordSchema = z.object({
  id: z.string(),
  esTitle: z.string().nullable(),
  esContent: z.string(),
  esParam: z.string().nullable(),
  esReceiver: z.string(),
  esType: z.string(),
  esSendStatus: z.string(),
  esSendNum: z.number(),
  esSendTime: z.string().nullable(),
  esResult: z.string().nullable(),
  remark: z.string().nullable(),
  templateCode: z.string().nullable(),
  nextTryTime: z.string().nullable(),
  esType_dictText: z.string().optional(),
  esSendStatus_dictText: z.string().optional(),
  ...auditFields,
});
export type MessageRecord = z.infer<typeof messageRecordSchema>;

export const MessageTemplatePerm = permCodes('system:messageTemplate', ['list', 'add', 'edit', 'delete', 'export', 'import', 'send']);
export const MessagePerm = permCodes('system:message', ['list', 'add', 'edit', 'delete', 'export', 'import', 'resend']);

export const messageTemplateResource = defineResource<MessageTemplateRecord>()({
  basePath: '/message/sysMessageTemplate',
  entity: '消息模板',
  perm: MessageTemplatePerm,
  record: messageTemplateRecordSchema,
  routes: ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel'],
  addBody: messageTemplateAddBody,
  editBody: messageTemplateEditBody,
  editMethods: ['PUT', 'POST'],
  docs: { add: { description: '模板标题和内容中的变量写作 ${变量名}；保存前检查语法，只允许变量。' } },
});

export const messageResource = defineResource<MessageRecord>()({
  basePath: '/message/sysMessage',
  entity: '消息',
  perm: MessagePerm,
  record: messageRecordSchema,
  routes: ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel'],
  addBody: messageBody,
  editBody: messageEditBody,
  editMethods: ['PUT', 'POST'],
  docs: { add: { description: '新增的消息进入发送队列（未发送），随即投递；失败按 1、5、15、60 分钟退避重试。' } },
});

/** The stock MsgParams of sendMsg: testData is the JSON text of the variables. */
export const sendMsgBody = z.object({
  templateCode: z.string({ error: MessageMsg.codeRequired }).min(1, MessageMsg.codeRequired).max(100),
  msgType: z.enum(SEND_MSG_TYPES, { error: MessageMsg.typeBad }),
  receiver: z.string({ error: MessageMsg.receiverRequired }).trim().min(1, MessageMsg.receiverRequired).max(200),
  testData: z.string().max(4000).nullish(),
});
export type SendMsgBody = z.infer<typeof sendMsgBody>;

export const previewBody = z.object({
  templateName: z.string().max(100, '模板标题不能超过100个字符').nullish(),
  templateContent: z.string({ error: MessageMsg.contentRequired }).max(4000, '模板内容不能超过4000个字符'),
  templateTestJson: z.string().max(4000, '测试数据不能超过4000个字符').nullish(),
  /** the channel the template is for: a system message's values are escaped and its HTML cleaned, as when sent */
  templateType: z.enum(SEND_MSG_TYPES, { error: MessageMsg.typeBad }).nullish(),
});
export const previewReply = z.object({ title: z.string(), content: z.string() });
export type PreviewReply = z.infer<typeof previewReply>;

export const messageTemplateFlow = defineFlow<MessageTemplateRecord>()({
  basePath: '/message/sysMessageTemplate',
  actions: {
    sendMsg: {
      path: 'sendMsg',
      permission: MessageTemplatePerm.send,
      body: sendMsgBody,
      reply: z.object({ messageId: z.string(), esSendStatus: z.string(), esResult: z.string().nullable() }),
      // the stock SysMessageTemplateController's answer, which the stock SysMessageTestModal shows
      done: MessageMsg.queued,
      summary: '发送测试：用模板和测试数据给接收人发一条消息，写入消息中心并立即投递一次',
    },
    preview: {
      path: 'preview',
      permission: MessageTemplatePerm.list,
      body: previewBody,
      reply: previewReply,
      summary: '预览：用测试数据渲染模板标题和内容',
    },
  },
});

export const messageFlow = defineFlow<MessageRecord>()({
  basePath: '/message/sysMessage',
  actions: {
    resend: {
      path: 'resend',
      permission: MessagePerm.resend,
      body: z.object({ id: idField }),
      reply: z.null(),
      done: MessageMsg.resent,
      summary: '重新发送一条发送失败的消息',
    },
  },
});
