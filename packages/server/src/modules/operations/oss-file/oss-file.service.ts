import { like } from 'drizzle-orm';
import { OssFileMsg } from '@sbwq/contracts';
import type { ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { escapeLike, type ListParams } from '../../../platform/list/list-query.ts';
import type { FileStore } from '../../../platform/storage/file-store.ts';
import { deleteVisibleFile, fileById, listFiles } from '../../core/files/file-info.service.ts';
import { fileUsedBy } from '../../core/files/file-kinds.ts';
import { sbFileInfo } from '../../core/files/file-info.table.ts';

/** The stored path a 文件地址 names: the stock client sends the whole address, ours part of the path. */
const pathPart = (url: string) => url.trim().replace(/^.*\/sys\/common\/static\//, '');

/** 文件列表: the files the user may see (staff every file), 文件名称 and 文件地址 as contained text. */
export function listOssFiles(ctx: ResourceCtx, query: ListParams) {
  const { url, ...rest } = query;
  const part = typeof url === 'string' ? pathPart(url) : '';
  return listFiles(ctx, rest, part ? [like(sbFileInfo.filePath, `%${escapeLike(part)}%`)] : []);
}

/**
 * Deletes a stored file from 文件列表 with the rules of the business screens: a file some record still
 * names is refused with that record's name (it goes when it is removed from the record); otherwise one's
 * own upload, or anyone's with rights:file:delete. The row goes first, then the bytes.
 */
export async function deleteOssFile(ctx: ResourceCtx, id: string, storeOf: (kind: string) => FileStore): Promise<void> {
  const { db, user } = ctx;
  const file = await fileById(ctx, id).catch(() => {
    throw new BizError(OssFileMsg.notFound);
  });
  const usedBy = await fileUsedBy(db, file.filePath);
  if (usedBy) throw new BizError(`${OssFileMsg.inUse}${usedBy}${OssFileMsg.inUseHint}`);
  const row = await deleteVisibleFile(db, user, file.filePath);
  await storeOf(row.storage).remove(row.filePath);
}
