import { and, eq, ne, or, type SQL } from 'drizzle-orm';
import { BatchMsg, BatchStatus } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { viewerOf, type Viewer } from '../org/org-context.ts';
import { rightsBatch, type BatchRow } from './batch.table.ts';

/**
 * Staff read every batch but another organisation's drafts (never handed to the association); an
 * organisation's users read their organisation's batches only.
 */
export function batchScope(viewer: Viewer): SQL[] {
  const scope: SQL[] = [eq(rightsBatch.delFlag, '0')];
  if (!viewer.staff) scope.push(eq(rightsBatch.orgId, viewer.org.id));
  else
    scope.push(viewer.org ? or(ne(rightsBatch.status, BatchStatus.draft), eq(rightsBatch.orgId, viewer.org.id))! : ne(rightsBatch.status, BatchStatus.draft));
  return scope;
}

/** The batch as the caller may see it, or 未找到对应数据. */
export async function visibleBatch(db: Db, user: SessionUser, id: string): Promise<{ row: BatchRow; viewer: Viewer }> {
  const viewer = await viewerOf(db, user);
  const [row] = await db
    .select()
    .from(rightsBatch)
    .where(and(eq(rightsBatch.id, id), ...batchScope(viewer)));
  if (!row) throw new BizError(BatchMsg.notFound);
  return { row, viewer };
}
