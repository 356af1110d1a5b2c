import { OssFilePerm, ossFileResource, type OssFileRecord } from '@sbwq/contracts';
import { FileImageOutlined, FilePdfOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Image, Space, Typography, Upload, type UploadProps } from 'antd';
import { useMemo, useState } from 'react';
import { Access } from '../../../components/access/Access.tsx';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { ListDefinition } from '../../../components/list/types.ts';
import { useReloadList } from '../../../components/list/useListData.ts';
import { resourceList } from '../../../components/list/resourceList.ts';
import { acceptAttribute, isImagePath } from '../../../components/upload/upload.rules.ts';
import { openInNewWindow } from '../../../platform/browser.ts';
import { staticUrl } from '../../../platform/config.ts';
import { feedback } from '../../../platform/feedback.ts';
import { FileBizCell, FileBizDetail } from '../../rights/file-info/FileBizRecord.tsx';
import { FileFingerprint } from '../../rights/file-info/FileFingerprint.tsx';
import { sizeText } from '../../rights/file-info/fileInfo.api.ts';
import { OSS_FILE_LIST_KEY, ossFileApi, uploadOssFile } from './ossFile.api.ts';

/** 上传文件: one file at a time into the current store; the list shows it once stored. */
function OssUploadButton({ onDone }: { onDone: () => void }) {
  const [busy, setBusy] = useState(false);
  const handleRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    const controller = new AbortController();
    setBusy(true);
    uploadOssFile(file as File, controller.signal)
      .then((answer) => {
        if (answer.success) {
          feedback().message.success(`${(file as File).name} ${answer.message}`);
          onSuccess?.(answer);
          onDone();
        } else {
          feedback().message.error(answer.message);
          onError?.(new Error(answer.message));
        }
      })
      .catch((error: unknown) => onError?.(error instanceof Error ? error : new Error('上传失败')))
      .finally(() => setBusy(false));
    return { abort: () => controller.abort() };
  };
  return (
    <Upload accept={acceptAttribute('all')} showUploadList={false} customRequest={handleRequest} disabled={busy}>
      <Button type="primary" icon={<UploadOutlined />} loading={busy}>
        上传文件
      </Button>
    </Upload>
  );
}

/**
 * 文件列表 (stock `modules/oss/OSSFileList`, issue 39): every stored file — where its bytes are, its
 * SHA-256, the record it belongs to — to preview, check and delete. A file a record still names is not
 * deleted: the server names the record, and the file goes once it is removed there.
 */
export function OSSFileList() {
  const reload = useReloadList(OSS_FILE_LIST_KEY);
  const [preview, setPreview] = useState<string | null>(null);
  const [opened, setOpened] = useState<OssFileRecord | null>(null);
  const [checking, setChecking] = useState<OssFileRecord | null>(null);

  const definition = useMemo<ListDefinition<OssFileRecord>>(
    () => ({
      key: OSS_FILE_LIST_KEY,
      ...resourceList(ossFileResource, { list: ossFileApi.list, remove: ossFileApi.remove }),
      selectable: false,
      detail: false,
      actionColumnWidth: 170,
      search: [
        { name: 'fileName', label: '文件名称' },
        { name: 'url', label: '文件地址' },
      ],
      columns: [
        {
          title: '文件名称',
          dataIndex: 'fileName',
          sorter: true,
          ellipsis: true,
          render: (name: string, file) => (
            <Space size={6}>
              {file.fileExt === 'pdf' ? <FilePdfOutlined style={{ color: '#cf1322' }} /> : <FileImageOutlined style={{ color: '#0958d9' }} />}
              {name}
            </Space>
          ),
        },
        { title: '类型', dataIndex: 'fileExt', width: 70, align: 'center', render: (ext: string) => ext.toUpperCase() },
        { title: '大小', dataIndex: 'fileSize', sorter: true, width: 90, align: 'right', render: (bytes: number) => sizeText(bytes) },
        { title: '上传人', dataIndex: 'createBy', width: 110, ellipsis: true, render: (value: string | null, file) => file.createByName ?? value },
        { title: '上传时间', dataIndex: 'createTime', kind: 'datetime', sorter: true },
        { title: '存储', dataIndex: 'storage', width: 90, align: 'center', render: (value: string) => (value === 's3' ? '对象存储' : '本地') },
        {
          title: 'SHA-256',
          dataIndex: 'sha256',
          width: 130,
          render: (value: string | null) =>
            value ? (
              <Typography.Text code copyable={{ text: value, tooltips: ['复制指纹', '已复制'] }} title={value}>
                {value.slice(0, 8)}…
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">无</Typography.Text>
            ),
        },
        { title: '所属业务', dataIndex: 'bizType', width: 220, render: (_: unknown, file) => <FileBizCell file={file} onOpen={setOpened} /> },
      ],
      rowActions: [
        {
          key: 'preview',
          label: '预览',
          inline: true,
          onClick: (file) => {
            const url = staticUrl(file.filePath);
            if (isImagePath(file.filePath)) setPreview(url);
            else openInNewWindow(url);
          },
        },
        { key: 'fingerprint', label: '校验指纹', onClick: (file) => setChecking(file) },
      ],
      toolbar: () => (
        <Access code={OssFilePerm.upload}>
          <OssUploadButton onDone={reload} />
        </Access>
      ),
    }),
    [reload],
  );

  return (
    <>
      <ListPage definition={definition} />
      <FileBizDetail file={opened} onClose={() => setOpened(null)} />
      <FileFingerprint file={checking} onClose={() => setChecking(null)} />
      {preview && (
        <Image
          style={{ display: 'none' }}
          alt="文件预览"
          src={preview}
          preview={{ open: true, src: preview, onOpenChange: (open) => !open && setPreview(null) }}
        />
      )}
    </>
  );
}
