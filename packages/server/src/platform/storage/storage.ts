import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_BAD_NAME, UPLOAD_MAX_BYTES, UploadMsg } from '@sbwq/contracts';
import { BizError } from '../http/envelope.ts';

/** spec §5 Upload / §9: JPG, JPEG, PNG and PDF only, at most 10 MB, no special characters in the name. */
export const MAX_UPLOAD_BYTES = UPLOAD_MAX_BYTES;
/** The same words the web's upload control warns with (contracts). */
export const UPLOAD_MESSAGES = { type: UploadMsg.type, size: UploadMsg.size, name: UploadMsg.name, empty: UploadMsg.empty } as const;

const KINDS = {
  jpg: { mime: 'image/jpeg', magic: (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  jpeg: { mime: 'image/jpeg', magic: (b: Buffer) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  png: { mime: 'image/png', magic: (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) },
  pdf: { mime: 'application/pdf', magic: (b: Buffer) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
} as const;
export type FileKind = keyof typeof KINDS;

const BAD_NAME = UPLOAD_BAD_NAME;
const BIZ = /^[A-Za-z0-9_-]{1,32}(\/[A-Za-z0-9_-]{1,32}){0,2}$/;

/**
 * Checks an upload by its name (extension, forbidden characters, one extension only) and by its
 * content (magic bytes), so that a renamed executable, HTML or SVG is refused whatever it claims.
 */
export function checkUpload(fileName: string, content: Buffer): { ext: FileKind; mime: string } {
  return checkUploadHead(fileName, content.subarray(0, 16), content.length);
}

/** checkUpload for a file received as a stream: its first bytes and its size are enough. */
export function checkUploadHead(fileName: string, head: Buffer, size: number): { ext: FileKind; mime: string } {
  if (!fileName || fileName.length > 200 || BAD_NAME.test(fileName) || fileName.includes('..')) throw new BizError(UPLOAD_MESSAGES.name);
  const parts = fileName.toLowerCase().split('.');
  const ext = parts.length > 1 ? parts[parts.length - 1] : '';
  if (!(ext in KINDS)) throw new BizError(UPLOAD_MESSAGES.type);
  // Double extensions such as report.php.pdf or a.html.png are refused: one dot-separated kind only.
  if (parts.slice(1, -1).some((p) => /^(php\d?|phtml|jsp|aspx?|exe|sh|bat|cmd|js|mjs|html?|svg|xml)$/.test(p))) throw new BizError(UPLOAD_MESSAGES.type);
  if (size === 0) throw new BizError(UPLOAD_MESSAGES.empty);
  if (size > MAX_UPLOAD_BYTES) throw new BizError(UPLOAD_MESSAGES.size);
  const kind = KINDS[ext as FileKind];
  if (!kind.magic(head)) throw new BizError(`文件内容与扩展名不符：${UPLOAD_MESSAGES.type}`);
  return { ext: ext as FileKind, mime: kind.mime };
}

export function checkBiz(biz: string | undefined): string {
  const value = (biz ?? '').trim() || 'temp';
  if (!BIZ.test(value)) throw new BizError('业务目录只能包含字母、数字、下划线和 -，最多三级');
  return value;
}

/** Root of stored uploads inside DATA_DIR. */
export const uploadRoot = (dataDir: string) => path.join(dataDir, 'upload');

/** A fresh generated name for an upload: `biz/yyyyMMdd/<random>.<ext>` (the day in China time). */
export function newStoredPath(biz: string, ext: FileKind): string {
  const day = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
  return `${biz}/${day}/${randomBytes(16).toString('hex')}.${ext}`;
}

/** Stores the bytes under a generated name in the local folder and answers the relative path. */
export async function storeUpload(dataDir: string, biz: string, ext: FileKind, content: Buffer): Promise<string> {
  const relative = newStoredPath(biz, ext);
  const absolute = resolveStored(dataDir, relative);
  await fs.mkdir(path.dirname(absolute), { recursive: true });
  await fs.writeFile(absolute, content, { flag: 'wx', mode: 0o640 });
  return relative;
}

/**
 * The absolute path of a stored file, or a refusal: the relative path must look like one this
 * module generated, and must resolve inside the upload root.
 */
export function resolveStored(dataDir: string, relative: string): string {
  if (!/^[A-Za-z0-9_-]{1,32}(\/[A-Za-z0-9_-]{1,32}){0,2}\/\d{8}\/[0-9a-f]{32}\.(jpg|jpeg|png|pdf)$/.test(relative)) {
    throw new BizError('文件路径不正确', 404, 404);
  }
  const root = uploadRoot(dataDir);
  const absolute = path.resolve(root, relative);
  if (!absolute.startsWith(root + path.sep)) throw new BizError('文件路径不正确', 404, 404);
  return absolute;
}

export async function removeStored(dataDir: string, relative: string): Promise<void> {
  await fs.rm(resolveStored(dataDir, relative), { force: true });
}
