import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { splitFilePaths, UPLOAD_MAX_FILES, type Envelope } from '@sbwq/contracts';
import { Button, Image, Tooltip, Upload, type UploadFile, type UploadProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { openInNewWindow } from '../../platform/browser.ts';
import { staticUrl } from '../../platform/config.ts';
import { confirm, feedback, notifyError } from '../../platform/feedback.ts';
import { http } from '../../platform/http.ts';
import { useFileNames } from './fileNames.ts';
import {
  acceptAttribute,
  countMessage,
  failureText,
  filesOfValue,
  isImagePath,
  pathOf,
  refusalOf,
  roomFor,
  SETTLED_STATUSES,
  shortName,
  valueOfFiles,
  type UploadAccept,
} from './upload.rules.ts';

/** What `POST /sys/common/upload` answers in `result` (spec §3 "Upload response"); the path is also the message. */
export type UploadAnswer = { fileName: string; filePath: string; fileSize: number };

/** Large files on a slow line take longer than the API's usual 9 s. */
const UPLOAD_TIMEOUT_MS = 120_000;

export type FileUploadProps = {
  /** set by Form.Item, so that the label points at the control */
  id?: string;
  /** comma-separated stored paths (spec §3 "Upload list entry: path (comma-separated)") */
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  accept?: UploadAccept;
  /** at most this many files (spec §9: 3) */
  max?: number;
  /** the server folder (spec §7 `biz`, default temp) */
  biz?: string;
  /** file_type dictionary value recorded in 文件信息 */
  fileType?: string;
  /** further form fields of the upload call (e.g. bizType and bizId of the record the file belongs to) */
  fields?: Record<string, string>;
  disabled?: boolean;
  /** thumbnails (image fields) or a plain list */
  listType?: 'text' | 'picture-card';
  text?: string;
};

/** Asks before a saved file is deleted on the server: a removal cannot be undone. */
function confirmRemoval(name: string): Promise<boolean> {
  return new Promise((resolve) => {
    confirm({
      title: '确认删除',
      content: `确定删除文件「${name}」吗？文件将从服务器删除，不可恢复。`,
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}

export const deleteStoredFile = (path: string) => http.delete('/rights/sbFileInfo/deleteFileFetch', { fileUrl: path });

/**
 * Thumbnails of picked images as data: URLs: antd's default draws them from blob: URLs, which the
 * server's Content-Security-Policy (img-src 'self' data:) refuses.
 */
export function previewAsDataUrl(file: File | Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => resolve('');
    reader.readAsDataURL(file);
  });
}

/** The file as the list shows it: the name cut to 5 characters; the whole name is kept in `fileName`. */
const shown = (file: UploadFile, fullName = file.fileName ?? file.name): UploadFile => ({ ...file, fileName: fullName, name: shortName(fullName) });

/**
 * The upload control (spec §3–§5, §8, §9): a field whose value is the comma-separated paths of its
 * files. Each picked file is checked (type, 10 MB, name, count) before it is sent; its status goes
 * uploading → done | error, and done, removed and error update the value. Removing a stored file deletes
 * it on the server (files already saved with the record are confirmed first). Images open in a preview,
 * PDFs in a new tab; the static files are read with the HttpOnly cookie set at login.
 */
export function FileUpload({
  id,
  value,
  onChange,
  accept = 'all',
  max = UPLOAD_MAX_FILES,
  biz = 'temp',
  fileType,
  fields,
  disabled = false,
  listType = 'text',
  text = '上传文件',
}: FileUploadProps) {
  /** original names of the files uploaded here, so that a rebuilt list keeps them */
  const names = useRef<Record<string, string>>({});
  /** paths uploaded by this control and not yet saved anywhere: removed without asking */
  const uploadedHere = useRef(new Set<string>());
  const emitted = useRef<string | undefined>(value || undefined);
  const [files, setFiles] = useState<UploadFile[]>(() => filesOfValue(value).map((f) => shown(f)));
  const [preview, setPreview] = useState<string | null>(null);

  // A value set from outside (form load, reset) replaces the list; the value this control emitted does not.
  useEffect(() => {
    const next = value || undefined;
    if (next === emitted.current) return;
    emitted.current = next;
    setFiles(filesOfValue(next, names.current).map((f) => shown(f)));
  }, [value]);

  // Files saved before are listed under their stored names until the names they were uploaded under arrive.
  const uploadedNames = useFileNames(splitFilePaths(value));
  const listed = files.map((f) => (uploadedNames[f.uid] && f.fileName !== uploadedNames[f.uid] ? shown(f, uploadedNames[f.uid]) : f));

  const emit = (list: UploadFile[]) => {
    const next = valueOfFiles(list);
    emitted.current = next;
    onChange?.(next);
  };

  const handleBeforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    const refusal = refusalOf(file, accept);
    if (refusal) {
      feedback().message.warning(refusal);
      return Upload.LIST_IGNORE;
    }
    // The files of one pick beyond the limit are refused, with one warning for the pick.
    const acceptable = batch.filter((f) => !refusalOf(f, accept));
    const index = acceptable.indexOf(file);
    const room = roomFor(files.filter((f) => f.status !== 'error').length, max);
    if (index >= room) {
      if (index === room) feedback().message.warning(countMessage(max));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const handleRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    const controller = new AbortController();
    const data = new FormData();
    data.append('biz', biz);
    if (fileType) data.append('fileType', fileType);
    for (const [name, field] of Object.entries(fields ?? {})) data.append(name, field);
    const blob = file as File;
    data.append('file', blob, blob.name);
    http
      .post<UploadAnswer>('/sys/common/upload', data, { timeoutMs: UPLOAD_TIMEOUT_MS, signal: controller.signal })
      .then((answer: Envelope<UploadAnswer>) => {
        const path = answer.success ? answer.result?.filePath || answer.message : null;
        if (path) onSuccess?.({ path, fileSize: answer.result?.fileSize });
        else onError?.(new Error(answer.message || ''), answer.message || '');
      })
      .catch((error: unknown) => {
        // an HTTP failure was already shown by the client (spec §8); the item still says why it failed
        if (!controller.signal.aborted) onError?.(new Error(error instanceof Error ? error.message : ''));
      });
    return { abort: () => controller.abort() };
  };

  const handleChange: UploadProps['onChange'] = ({ file, fileList }) => {
    const fullName = file.fileName ?? file.name;
    let changed = file;
    if (file.status === 'done') {
      const path = (file.response as { path: string }).path;
      names.current[path] = fullName;
      uploadedHere.current.add(path);
      changed = { ...file, url: staticUrl(path) };
    }
    if (file.status === 'error') {
      const reason =
        typeof file.error?.message === 'string' && file.error.message ? file.error.message : typeof file.response === 'string' ? file.response : null;
      const { title, reason: why } = failureText(fullName, reason);
      feedback().message.error(`${title}：${why}`);
      // the item's tooltip tells the reason too
      changed = { ...file, response: why };
    }
    // A refused picture leaves the cards (issue 36: a rejected avatar's thumbnail stayed, as if taken);
    // in a text list the failed row stays, its tooltip telling why.
    const refusedCard = listType === 'picture-card' && file.status === 'error';
    const list = fileList.filter((f) => !(refusedCard && f.uid === file.uid)).map((f) => shown(f.uid === file.uid ? changed : f));
    setFiles(list);
    if (SETTLED_STATUSES.includes(file.status)) emit(list);
  };

  const handleRemove = async (file: UploadFile): Promise<boolean> => {
    const path = pathOf(file);
    if (!path) return true; // failed or still uploading: nothing stored
    const name = file.fileName ?? file.name;
    if (!uploadedHere.current.has(path) && !(await confirmRemoval(name))) return false;
    try {
      const answer = await deleteStoredFile(path);
      if (!answer.success) {
        notifyError(answer.message);
        return false;
      }
    } catch {
      return false; // the http client told the user
    }
    uploadedHere.current.delete(path);
    return true;
  };

  const handlePreview = (file: UploadFile) => {
    const path = pathOf(file);
    const url = file.url ?? (path ? staticUrl(path) : null);
    if (!url) return;
    if (isImagePath(path ?? file.fileName ?? file.name)) setPreview(url);
    else openInNewWindow(url);
  };

  const full = files.length >= max;
  const card = listType === 'picture-card';
  return (
    <div id={id} className="file-upload">
      <Upload
        accept={acceptAttribute(accept)}
        multiple={max > 1}
        listType={listType}
        fileList={listed}
        disabled={disabled}
        beforeUpload={handleBeforeUpload}
        customRequest={handleRequest}
        onChange={handleChange}
        onRemove={handleRemove}
        onPreview={handlePreview}
        previewFile={previewAsDataUrl}
        showUploadList={{ showPreviewIcon: true, showRemoveIcon: !disabled, showDownloadIcon: false }}
        itemRender={(node, file) => <Tooltip title={file.fileName ?? file.name}>{node}</Tooltip>}
      >
        {card ? (
          full || disabled ? null : (
            <button type="button" style={{ border: 0, background: 'none', cursor: 'pointer' }}>
              <PlusOutlined />
              <div style={{ marginTop: 8 }}>{text}</div>
            </button>
          )
        ) : (
          <Button icon={<UploadOutlined />} disabled={disabled}>
            {text}
          </Button>
        )}
      </Upload>
      {preview && <Image style={{ display: 'none' }} src={preview} preview={{ open: true, src: preview, onOpenChange: (open) => !open && setPreview(null) }} />}
    </div>
  );
}
