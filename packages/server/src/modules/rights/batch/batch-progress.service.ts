import { asc, eq } from 'drizzle-orm';
import { BatchDict, batchFlow, BatchLogAction, chinaToday, type BatchProgressBody, type ProgressRecord } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { assertAction } from '../../../platform/flow/flow-guard.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import type { DictService } from '../../config/dict/dict.service.ts';
import { requireReadyOrg } from '../../core/org/org-context.ts';
import { checkAttachments, FileType, linkAttachments } from '../../core/files/attachments.ts';
import { writeLog } from './batch-log.ts';
import { BATCH_FILE_BIZ, lockOwnBatch } from './batch.service.ts';
import { visibleBatch } from '../../core/tables/batch-scope.ts';
import { rightsBatchProgress } from '../../core/tables/batch.table.ts';
import { by } from '../../../platform/db/audit.ts';

/** 进度记录 of a visible batch, oldest first (the timeline reads down). */
export async function listProgress(db: Db, dicts: DictService, user: SessionUser, batchId: string): Promise<ProgressRecord[]> {
  await visibleBatch(db, user, batchId);
  const found = await db
    .select()
    .from(rightsBatchProgress)
    .where(eq(rightsBatchProgress.batchId, batchId))
    .orderBy(asc(rightsBatchProgress.progressDate), asc(rightsBatchProgress.createTime), asc(rightsBatchProgress.id));
  const plain = found.map(({ updateBy: _b, updateTime: _t, ...row }) => withDateTexts(row, ['createTime']));
  return (await dicts.withDictText(plain, { node: BatchDict.progressNode })) as unknown as ProgressRecord[];
}

/** 记录进度: the organisation, while 维权中; the date may not lie in the future. */
export async function addProgress(db: Db, user: SessionUser, body: BatchProgressBody): Promise<string> {
  if (body.progressDate > chinaToday()) throw new BizError('进度日期不能晚于今天');
  const org = await requireReadyOrg(db, user);
  const files = [{ paths: body.attachments, fileType: FileType.other }];
  await checkAttachments(db, user, files);
  const id = newId();
  await db.transaction(async (t) => {
    await linkAttachments(t, BATCH_FILE_BIZ, body.batchId, files, org.sysOrgCode);
    const batch = await lockOwnBatch(t, org, body.batchId);
    assertAction(batchFlow, 'progressAdd', batch);
    const now = new Date();
    await t.insert(rightsBatchProgress).values({
      id,
      batchId: batch.id,
      node: body.node,
      progressDate: body.progressDate,
      description: body.description,
      attachments: body.attachments,
      createByName: (user.realname || user.username).slice(0, 100),
      createBy: by(user),
      createTime: now,
    });
    await writeLog(t, user, batch.id, BatchLogAction.progress, `${body.progressDate} ${body.description}`.slice(0, 200), now);
  });
  return id;
}
