import { randomUUID } from 'node:crypto';
import fsp from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../platform/db/client.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { checkUploadHead, newStoredPath, UPLOAD_MESSAGES } from '../../../platform/storage/storage.ts';
import { spool, STORE_UNAVAILABLE, type FileStore, type Spooled } from '../../../platform/storage/file-store.ts';
import { recordUpload } from './file-info.service.ts';

export type ReceivedFile = { filename: string; spooled: Spooled; kind: ReturnType<typeof checkUploadHead> };

/**
 * Reads a multipart upload (one file, spooled to the temporary folder while its SHA-256 is taken, and the
 * text fields), checks the file's name, size and content, and hands both to `handle`; the spool file is
 * gone afterwards whatever happens. Shared by 上传 (`/sys/common/upload`) and 文件列表 (`/oss/file/upload`).
 */
export async function withUpload<T>(request: FastifyRequest, handle: (file: ReceivedFile, fields: Record<string, string>) => Promise<T>): Promise<T> {
  const fields: Record<string, string> = {};
  let file: { filename: string; spooled: Spooled } | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (file) {
          part.file.resume();
          throw new BizError('文件上传限制3个以内');
        }
        file = { filename: part.filename, spooled: await spool(part.file, `${randomUUID()}.part`) };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value.slice(0, 200);
      }
    }
    if (!file) throw new BizError(UPLOAD_MESSAGES.empty);
    if (file.spooled.truncated) throw new BizError(UPLOAD_MESSAGES.size);
    const kind = checkUploadHead(file.filename, file.spooled.head, file.spooled.size);
    return await handle({ ...file, kind }, fields);
  } catch (e) {
    if (e instanceof BizError && e.message === STORE_UNAVAILABLE) request.log.error({ err: (e as { cause?: unknown }).cause }, 'file store unavailable');
    throw e;
  } finally {
    if (file) await fsp.rm(file.spooled.file, { force: true });
  }
}

/** Where a received file goes and what it belongs to. */
export type UploadPlace = { biz: string; fileType: string | null; bizType: string | null; bizId: string | null; sysOrgCode: string | null };

/** The bytes first, then the row: a store that fails leaves no record, and a row that fails removes the bytes. */
export async function storeUpload(db: Db, store: FileStore, request: FastifyRequest, user: SessionUser, file: ReceivedFile, place: UploadPlace) {
  const filePath = newStoredPath(place.biz, file.kind.ext);
  await store.put(filePath, file.spooled.file, file.spooled.size, file.kind.mime);
  try {
    await recordUpload(db, user, {
      fileName: file.filename,
      filePath,
      fileSize: file.spooled.size,
      fileExt: file.kind.ext,
      mimeType: file.kind.mime,
      fileType: place.fileType,
      bizType: place.bizType,
      bizId: place.bizId,
      sysOrgCode: place.sysOrgCode,
      sha256: file.spooled.sha256,
      storage: store.kind,
    });
  } catch (e) {
    await store
      .remove(filePath)
      .catch((cause: unknown) => request.log.warn({ err: cause, filePath }, 'upload row failed and its stored bytes could not be removed'));
    throw e;
  }
  return { fileName: file.filename, filePath, fileSize: file.spooled.size, sha256: file.spooled.sha256 };
}
