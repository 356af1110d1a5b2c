import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/client.ts';
import { sysSmsTemplate } from './message.table.ts';

/** An administrator's rewording of a seeded 消息模板 (title and/or content), as 编辑 saves it. */
export async function rewordTemplate(db: Db, code: string, words: { name?: string; content?: string }): Promise<void> {
  const done = await db
    .update(sysSmsTemplate)
    .set({
      ...(words.name ? { templateName: words.name } : {}),
      ...(words.content ? { templateContent: words.content } : {}),
      updateBy: 'admin',
      updateTime: new Date(),
    })
    .where(eq(sysSmsTemplate.templateCode, code))
    .returning({ id: sysSmsTemplate.id });
  if (done.length !== 1) throw new Error(`no seeded template ${code}`);
}
