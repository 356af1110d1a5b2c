import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { splitFilePaths, type Envelope } from '@sbwq/contracts';
import { Button, Space, Upload, type UploadProps } from 'antd';
import { useState } from 'react';
import { staticUrl } from '../../../platform/config.ts';
import { feedback } from '../../../platform/feedback.ts';
import { http } from '../../../platform/http.ts';
import type { UploadAnswer } from '../../upload/FileUpload.tsx';
import { useFileNames } from '../../upload/fileNames.ts';
import { acceptAttribute, failureText, nameOfPath, refusalOf, shortName } from '../../upload/upload.rules.ts';
import type { CellProps } from '../types.ts';
import { textOf } from './TextCells.tsx';

/** spec §8 "Image cell upload error": a dialog 上传出错 with 错误信息. */
export const UPLOAD_ERROR_TITLE = '上传出错';
export const uploadErrorContent = (reason: string) => `错误信息：${reason}`;

export function showUploadError(reason: string | null | undefined): void {
  feedback().modal.error({ title: UPLOAD_ERROR_TITLE, content: uploadErrorContent(failureText('', reason).reason) });
}

/**
 * One file per cell, checked by the project's upload rules (spec §5: type, 10 MB, special characters)
 * before it is sent; the stored path is the cell's value. Files show the names they were uploaded under
 * (the stored name only until that is known, or when the user may not read it); a value saved elsewhere
 * with several paths shows each.
 */
export function UploadCell({ value, column, disabled, onChange }: CellProps) {
  const [uploading, setUploading] = useState(false);
  const path = textOf(value);
  const paths = splitFilePaths(path);
  const names = useFileNames(paths);
  // the name a file was just uploaded under, before the server is asked for it
  const [uploadedNames, setUploadedNames] = useState<Record<string, string>>({});

  const handleRequest: UploadProps['customRequest'] = ({ file }) => {
    const blob = file as File;
    const data = new FormData();
    data.append('biz', column.biz ?? 'temp');
    data.append('file', blob, blob.name);
    setUploading(true);
    http
      .post<UploadAnswer>('/sys/common/upload', data)
      .then((answer: Envelope<UploadAnswer>) => {
        const stored = answer.success ? answer.result?.filePath || answer.message : null;
        if (stored) {
          const uploadedAs = answer.result?.fileName || blob.name;
          setUploadedNames((known) => ({ ...known, [stored]: uploadedAs }));
          onChange(stored);
        } else showUploadError(answer.message);
      })
      .catch((error: unknown) => showUploadError(error instanceof Error ? error.message : null))
      .finally(() => setUploading(false));
  };

  return (
    <Space size={4}>
      {paths.map((stored) => {
        const name = names[stored] ?? uploadedNames[stored] ?? nameOfPath(stored);
        return (
          <a key={stored} href={staticUrl(stored)} target="_blank" rel="noreferrer" title={name}>
            <PaperClipOutlined /> {shortName(name)}
          </a>
        );
      })}
      <Upload
        accept={acceptAttribute('all')}
        showUploadList={false}
        disabled={disabled || uploading}
        beforeUpload={(file) => {
          const refusal = refusalOf(file);
          if (refusal) {
            feedback().message.warning(refusal);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={handleRequest}
      >
        <Button size="small" icon={<UploadOutlined />} loading={uploading} aria-label={`上传${column.title}`}>
          {path ? '' : '上传'}
        </Button>
      </Upload>
    </Space>
  );
}
