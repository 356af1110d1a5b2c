import { sql } from 'drizzle-orm';
import { MSG_MAX_TRIES, MsgSendStatus, MsgType } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { renderTemplate, type TemplateVars } from '../../core/notice/notice-template.ts';
import { SEEDED_TEMPLATES } from './message.seed.ts';
import { sysSms } from './message.table.ts';

const HOUR = 3_600_000;

const templateOf = (code: string) => SEEDED_TEMPLATES.find((t) => t.code === code)!;

/**
 * 消息中心 demo (SEED_DEMO): what the last days' sends look like — e-mails to the demo
 * accounts that have an address, one SMS, an e-mail the SMTP server refused until the tries ran out (for
 * 重新发送), and one still waiting for its retry. Rendered from the seeded templates, so the log reads
 * as the templates say.
 */
export async function seedMessageDemo(db: Db): Promise<void> {
  const users = await rows<{ username: string; realname: string | null; email: string | null; phone: string | null }>(
    db,
    sql`select username, realname, email, phone from sys_user where del_flag = 0 and status = 1 and (email is not null or phone is not null) order by username limit 6`,
  );
  if (!users.length) return;
  const now = Date.now();
  const values: (typeof sysSms.$inferInsert)[] = [];
  const add = (
    at: number,
    code: string,
    type: string,
    receiver: string,
    vars: TemplateVars,
    outcome: { status: string; tries: number; result: string; next?: Date | null },
  ) => {
    const t = templateOf(code);
    values.push({
      id: newId(),
      esTitle: renderTemplate(t.name, vars).slice(0, 100),
      esContent: renderTemplate(t.content, vars),
      esParam: JSON.stringify(vars),
      esReceiver: receiver,
      esType: type,
      esSendStatus: outcome.status,
      esSendNum: outcome.tries,
      esSendTime: new Date(at),
      esResult: outcome.result,
      templateCode: code,
      nextTryTime: outcome.next ?? null,
      createBy: 'system',
      createTime: new Date(at),
    });
  };
  const sent = { status: MsgSendStatus.sent, tries: 1 };
  for (const [i, u] of users.entries()) {
    const at = now - (i * 19 + 5) * HOUR;
    const name = u.realname || u.username;
    if (u.email) {
      add(
        at,
        'mail_notice',
        MsgType.email,
        u.email,
        { title: '账号开通通知', realname: name, content: `您的账号 ${u.username} 已开通，请登录商标维权服务系统完善资料。` },
        { ...sent, result: '邮件服务器已接收：250 OK: queued' },
      );
    }
  }
  const withPhone = users.find((u) => u.phone);
  if (withPhone?.phone) add(now - 30 * HOUR, 'sms_verify_code', MsgType.sms, withPhone.phone, { code: '482915' }, { ...sent, result: '已写入短信发件箱' });
  const first = users.find((u) => u.email) ?? users[0];
  const mailVars = { title: '线索批次审核通过', realname: first.realname || first.username, content: '您提交的线索批次 XS20261105001 已审核通过。' };
  add(now - 52 * HOUR, 'mail_notice', MsgType.email, 'legal@hy-ip.example.cn', mailVars, {
    status: MsgSendStatus.failed,
    tries: MSG_MAX_TRIES,
    result: `第 ${MSG_MAX_TRIES} 次发送失败：Can't send mail - all recipients were rejected: 550 5.1.1 <legal@hy-ip.example.cn>: Recipient address rejected；已达最多重试次数`,
  });
  add(now - 0.2 * HOUR, 'mail_notice', MsgType.email, 'finance@hy-ip.example.cn', mailVars, {
    status: MsgSendStatus.failed,
    tries: 1,
    result: '第 1 次发送失败：connect ETIMEDOUT 10.0.8.25:587；1 分钟后重试',
    next: new Date(now + 60_000),
  });
  await db.insert(sysSms).values(values);
}
