import type nodemailerLib from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { MessageMsg, MsgType } from '@sbwq/contracts';
import type { SmtpConfig } from '../../../platform/config.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { newId } from '../../../platform/db/ids.ts';
import { pushNotice, writeNotice } from '../../core/notice/delivery.ts';
import { sysSmsOutbox } from '../../identity/sms/sms.table.ts';
import { lazyModule } from '../../../platform/lazy-module.ts';

// the SMTP client is loaded with the first e-mail, not at start (issue 35: idle memory)
const nodemailer = lazyModule<typeof nodemailerLib>('nodemailer');

/** One message as a channel delivers it: the receiver already resolved to an address, a phone or a user id. */
export type Outgoing = { title: string; content: string; receiver: string };

/** A channel answers what it did (the log's 发送结果) and throws when the message was not delivered. */
export type Channel = { deliver: (deps: AppDeps, message: Outgoing) => Promise<string> };

/** 系统消息: today's bell and socket — an announcement to the one user, pushed to their open pages. */
const systemChannel: Channel = {
  deliver: async (deps, m) => {
    const written = await writeNotice(deps.db, { titile: m.title, msgContent: m.content, userIds: [m.receiver], sender: 'system', msgCategory: '2' });
    await pushNotice(deps.sockets, written).catch(() => undefined);
    return '已发送到系统通知';
  },
};

/**
 * 短信: the account flows' provider. Without one configured it is the development outbox (短信发件箱); the
 * Aliyun provider is set up with the verification-code template only, so other texts cannot go through it.
 */
const smsChannel: Channel = {
  deliver: async (deps, m) => {
    if (deps.config.sms.provider !== 'outbox') throw new Error('已配置的阿里云短信只有验证码模板，无法发送其他短信内容');
    await deps.db
      .insert(sysSmsOutbox)
      .values({ id: newId(), mobile: m.receiver, smsmode: 'M', content: m.content.slice(0, 500), code: '', ip: null, createTime: new Date() });
    return '已写入短信发件箱';
  },
};

const transports = new Map<string, Transporter>();
function transportOf(smtp: SmtpConfig) {
  const key = `${smtp.host}:${smtp.port}:${smtp.secure}:${smtp.user ?? ''}`;
  let transport = transports.get(key);
  if (!transport) {
    transport = nodemailer().createTransport({
      host: smtp.host,
      port: smtp.port,
      secure: smtp.secure,
      auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    transports.set(key, transport);
  }
  return transport;
}

/** 邮件: SMTP through nodemailer, the settings from the environment (the password never in the database). */
const emailChannel: Channel = {
  deliver: async (deps, m) => {
    const smtp = deps.config.smtp;
    if (!smtp) throw new Error(MessageMsg.smtpMissing);
    const info = await transportOf(smtp).sendMail({ from: smtp.from, to: m.receiver, subject: m.title, text: m.content });
    return `邮件服务器已接收：${String(info.response ?? '').slice(0, 200)}`;
  },
};

export const channels: Record<string, Channel> = { [MsgType.system]: systemChannel, [MsgType.sms]: smsChannel, [MsgType.email]: emailChannel };
