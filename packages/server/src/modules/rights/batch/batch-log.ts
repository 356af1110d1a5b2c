import { asc, desc, eq } from 'drizzle-orm';
import type { BatchLogRecord } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import { rightsBatchLog } from '../../core/tables/batch.table.ts';
import { by } from '../../../platform/db/audit.ts';

/** One line of a batch's 操作日志; written in the transaction of the change it describes. */
export async function writeLog(t: Db, user: SessionUser | null, batchId: string, action: string, detail: string | null, now = new Date()) {
  await t.insert(rightsBatchLog).values({
    id: newId(),
    batchId,
    action,
    detail: detail?.slice(0, 1000) ?? null,
    operatorName: user ? (user.realname || user.username).slice(0, 100) : '系统',
    createBy: by(user),
    createTime: now,
  });
}

export async function listLogs(db: Db, batchId: string): Promise<BatchLogRecord[]> {
  const found = await db
    .select()
    .from(rightsBatchLog)
    .where(eq(rightsBatchLog.batchId, batchId))
    .orderBy(desc(rightsBatchLog.createTime), asc(rightsBatchLog.id));
  return found.map(({ updateBy: _b, updateTime: _t, ...row }) => withDateTexts(row, ['createTime']) as unknown as BatchLogRecord);
}
