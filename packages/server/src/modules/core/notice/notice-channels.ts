import { sql } from 'drizzle-orm';
import type { NoticeKind } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { channelTargets } from './notice-pref.ts';
import { plainText, renderStored } from './notice-template.ts';

/** The template each channel words a notice with (seeded with the message module's templates). */
const CHANNEL_TEMPLATE: Record<string, string> = { '2': 'mail_notice', '1': 'sms_notice' };

/**
 * 新消息通知: a notice also goes by e-mail or SMS to each of its users who chose that channel and has not
 * muted its kind. Each is written to 消息中心 (sys_sms, 未发送, due now) in the notice's own transaction —
 * the notice and its messages land together or not at all — and the 消息发送 job delivers it; a user
 * with no e-mail address or phone is recorded there as not sent. The table is the message module's; the
 * core writes it by SQL, as it reads the templates.
 */
export async function queueNoticeChannels(
  db: Db,
  notice: { titile: string; msgContent: string | null; sender: string },
  kind: NoticeKind,
  userIds: string[],
): Promise<number> {
  const targets = await channelTargets(db, kind, userIds);
  let queued = 0;
  const text = plainText(notice.msgContent ?? '', '\n');
  for (const target of targets) {
    for (const channel of target.channels) {
      const code = CHANNEL_TEMPLATE[channel];
      if (!code) continue;
      const vars = { title: notice.titile, realname: target.realname, content: text || notice.titile };
      // a channel template an administrator broke is recorded against this message, never a refusal of the business step
      const rendered = await renderStored(db, code, vars).then(
        (r) => ({ title: r.title, content: r.content, status: '0', result: null, due: sql`now()` }),
        (error: unknown) => ({
          title: notice.titile,
          content: notice.titile,
          status: '2',
          result: `未发送：${error instanceof Error ? error.message : String(error)}`,
          due: sql`null`,
        }),
      );
      await db.execute(sql`
        insert into sys_sms (id, es_title, es_content, es_param, es_receiver, es_type, es_send_status, es_send_num, es_result, template_code, next_try_time, create_by, create_time)
        values (${newId()}, ${rendered.title.slice(0, 100)}, ${rendered.content.slice(0, 4000)}, ${JSON.stringify({ title: notice.titile }).slice(0, 1000)}, ${target.userId}, ${channel},
                ${rendered.status}, 0, ${rendered.result?.slice(0, 1000) ?? null}, ${code}, ${rendered.due}, ${notice.sender}, now())`);
      queued++;
    }
  }
  return queued;
}
