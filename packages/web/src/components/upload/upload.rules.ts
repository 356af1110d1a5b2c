import {
  IMAGE_EXTENSIONS,
  splitFilePaths,
  UPLOAD_BAD_NAME,
  UPLOAD_EXTENSIONS,
  UPLOAD_MAX_BYTES,
  UPLOAD_MAX_FILES,
  UPLOAD_NAME_CHARS,
  UploadMsg,
} from '@sbwq/contracts';
import type { UploadFile } from 'antd';
import { staticUrl } from '../../platform/config.ts';

/**
 * The rules of the upload control (spec §3 Uploaded file, §4 Upload status, §5 Upload, §8, §9), pure so
 * that they are tested without a browser. The control (`FileUpload`) only wires them to antd's Upload.
 */

/** What a field accepts: any of JPG/JPEG/PNG/PDF, images only (商标图样) or PDF only (授权委托书). */
export type UploadAccept = 'all' | 'image' | 'pdf';

export const acceptAttribute = (accept: UploadAccept): string =>
  accept === 'image' ? '.png,.jpg,.jpeg' : accept === 'pdf' ? '.pdf' : UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',');

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export const isImagePath = (path: string) => (IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(path));
export const isPdfPath = (path: string) => extensionOf(path) === 'pdf';

/** A field narrower than JPG/JPEG/PNG/PDF (商标图样, 授权委托书) says which of them it takes. */
export const NARROW_TYPE_MESSAGES = { image: '仅支持JPG/JPEG/PNG图片上传', pdf: '仅支持PDF文件上传' } as const;

/**
 * spec §5: the message a file is refused with before it is sent, or null. The type rule comes first (a
 * 50 MB .exe is a type problem), then size, then the name's special characters. Anything but
 * JPG/JPEG/PNG/PDF gets the spec's text; one of those a narrower field does not take, that field's own.
 */
export function refusalOf(file: { name: string; size: number }, accept: UploadAccept = 'all'): string | null {
  const ext = extensionOf(file.name);
  if (!(UPLOAD_EXTENSIONS as readonly string[]).includes(ext)) return UploadMsg.type;
  if (accept === 'image' && !(IMAGE_EXTENSIONS as readonly string[]).includes(ext)) return NARROW_TYPE_MESSAGES.image;
  if (accept === 'pdf' && ext !== 'pdf') return NARROW_TYPE_MESSAGES.pdf;
  if (file.size > UPLOAD_MAX_BYTES) return UploadMsg.size;
  if (UPLOAD_BAD_NAME.test(file.name)) return UploadMsg.name;
  return null;
}

/** spec §5 "At most 3 files": the text for a field's limit (the spec's own words at the default 3). */
export const countMessage = (max: number) => (max === UPLOAD_MAX_FILES ? UploadMsg.count : `文件上传限制${max}个以内`);

/**
 * How many files of a batch the user picked can still be taken: `max` minus what the list holds. The
 * files from that index on are refused (one warning for the batch).
 */
export const roomFor = (held: number, max: number) => Math.max(0, max - held);

/** spec §9: a file name is shown cut to 5 characters (the whole name stays in the tooltip). */
export function shortName(name: string, chars = UPLOAD_NAME_CHARS): string {
  const letters = [...name];
  return letters.length > chars ? `${letters.slice(0, chars).join('')}…` : name;
}

/** The name of a stored path: its last segment (the server stores under generated names). */
export const nameOfPath = (path: string) => path.split('/').pop() ?? path;

/** The files of a comma-separated value, as the list shows them (spec §3 "Upload list entry": name, url, path, status). */
export function filesOfValue(value: string | null | undefined, names: Record<string, string> = {}): UploadFile[] {
  return splitFilePaths(value).map((path) => ({
    uid: path,
    name: names[path] ?? nameOfPath(path),
    status: 'done' as const,
    url: staticUrl(path),
    response: { path },
  }));
}

/** The path a list entry stands for, once its upload is done. */
export function pathOf(file: UploadFile): string | null {
  const response = file.response as { path?: string } | undefined;
  return file.status === 'done' && response?.path ? response.path : null;
}

/** spec §4: the value is the comma-separated paths of the done files; none gives undefined (the form's "empty"). */
export function valueOfFiles(files: UploadFile[]): string | undefined {
  const paths = files.map(pathOf).filter((p): p is string => Boolean(p));
  return paths.length ? paths.join(',') : undefined;
}

/** spec §8 upload failure: `{name} 上传失败`, and the server's reason or 未知错误. */
export function failureText(name: string, reason: string | null | undefined): { title: string; reason: string } {
  return { title: UploadMsg.failed(name), reason: reason && reason.trim() ? reason : UploadMsg.unknown };
}

/** spec §4 Upload status: the statuses after which the value is updated (uploading is not one of them). */
export const SETTLED_STATUSES: readonly UploadFile['status'][] = ['done', 'removed', 'error'];
