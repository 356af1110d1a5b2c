import { FilePerm, type FileInfoRecord } from '@sbwq/contracts';
import { FileImageOutlined, FilePdfOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Image, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useAccess } from '../../../components/access/useAccess.ts';
import { DictTag } from '../../../components/dict/DictTag.tsx';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { ListDefinition } from '../../../components/list/types.ts';
import { useReloadList } from '../../../components/list/useListData.ts';
import { deleteStoredFile } from '../../../components/upload/FileUpload.tsx';
import { isImagePath } from '../../../components/upload/upload.rules.ts';
import { openInNewWindow } from '../../../platform/browser.ts';
import { staticUrl } from '../../../platform/config.ts';
import { downloadFile } from '../../../platform/download.ts';
import { feedback } from '../../../platform/feedback.ts';
import { useSession } from '../../../platform/session.ts';
import { FileBizCell, FileBizDetail } from './FileBizRecord.tsx';
import { FileUploadDialog } from './FileUploadDialog.tsx';
import { FileFingerprint } from './FileFingerprint.tsx';
import { BIZ_TYPE_TEXT, FILE_INFO_LIST_KEY, fileInfoApi, sizeText } from './fileInfo.api.ts';

/**
 * 文件信息 (rights/SbFileInfoList, DOMAIN.md file info): every stored file the user may see — staff all
 * of them, an organisation its own — to view, download and delete (one's own uploads, or any with
 * rights:file:delete). 所属业务 names the record and opens its details; 上传文件 asks for the 文件类型 and,
 * optionally, the record the file belongs to.
 */
export function SbFileInfoList() {
  const { can } = useAccess();
  const myId = useSession((state) => state.userInfo?.id ?? null);
  const reload = useReloadList(FILE_INFO_LIST_KEY);
  const [uploading, setUploading] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const [opened, setOpened] = useState<FileInfoRecord | null>(null);
  const [checking, setChecking] = useState<FileInfoRecord | null>(null);

  const definition = useMemo<ListDefinition<FileInfoRecord>>(
    () => ({
      key: FILE_INFO_LIST_KEY,
      entity: '文件',
      permission: FilePerm,
      api: { list: fileInfoApi.list },
      selectable: false,
      detail: false,
      actionColumnWidth: 170,
      search: [
        { name: 'fileName', label: '文件名' },
        { name: 'fileType', label: '文件类型', type: 'dict', dictCode: 'file_type' },
        { name: 'bizType', label: '所属业务', type: 'select', options: Object.entries(BIZ_TYPE_TEXT).map(([value, label]) => ({ value, label })) },
        { name: 'createTime', label: '上传时间', type: 'dateRange', hidden: true },
        {
          name: 'fileExt',
          label: '格式',
          type: 'select',
          hidden: true,
          options: ['pdf', 'png', 'jpg', 'jpeg'].map((ext) => ({ value: ext, label: ext.toUpperCase() })),
        },
      ],
      columns: [
        {
          title: '文件名',
          dataIndex: 'fileName',
          sorter: true,
          ellipsis: true,
          render: (name: string, file) => (
            <Space size={6}>
              {file.fileExt === 'pdf' ? <FilePdfOutlined style={{ color: '#f5222d' }} /> : <FileImageOutlined style={{ color: '#1890ff' }} />}
              {name}
            </Space>
          ),
        },
        { title: '文件类型', dataIndex: 'fileType', width: 120, align: 'center', render: (value) => <DictTag code="file_type" value={value} /> },
        { title: '大小', dataIndex: 'fileSize', sorter: true, width: 100, align: 'right', render: (bytes: number) => sizeText(bytes) },
        { title: '所属业务', dataIndex: 'bizType', width: 220, render: (_: unknown, file) => <FileBizCell file={file} onOpen={setOpened} /> },
        { title: '上传人', dataIndex: 'createBy', width: 130, ellipsis: true, render: (value: string | null, file) => file.createByName ?? value },
        { title: '上传时间', dataIndex: 'createTime', kind: 'datetime', sorter: true },
        { title: '存储', dataIndex: 'storage', width: 90, align: 'center', render: (value: string) => (value === 's3' ? '对象存储' : '本地') },
      ],
      rowActions: [
        {
          key: 'view',
          label: '查看',
          inline: true,
          onClick: (file) => {
            const url = staticUrl(file.filePath);
            if (isImagePath(file.filePath)) setPreview(url);
            else openInNewWindow(url);
          },
        },
        {
          key: 'download',
          label: '下载',
          inline: true,
          onClick: (file) => downloadFile(`/sys/common/static/${file.filePath}`, {}, file.fileName),
        },
        { key: 'fingerprint', label: '校验指纹', onClick: (file) => setChecking(file) },
        {
          key: 'delete',
          label: '删除',
          inline: true,
          danger: true,
          visible: (file) => file.uploaderId === myId || can(FilePerm.delete),
          confirm: (file) => `确定删除文件「${file.fileName}」吗？删除后引用它的记录将无法再查看该文件。`,
          onClick: (file) => deleteStoredFile(file.filePath),
        },
      ],
      toolbar: () => (
        <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
          上传文件
        </Button>
      ),
    }),
    [can, myId],
  );

  return (
    <>
      <ListPage definition={definition} />
      <FileUploadDialog
        open={uploading}
        onDone={() => {
          feedback().message.success('上传成功');
          setUploading(false);
          reload();
        }}
        onCancel={() => {
          setUploading(false);
          // what was uploaded before 取消 is stored all the same
          reload();
        }}
      />
      <FileBizDetail file={opened} onClose={() => setOpened(null)} />
      <FileFingerprint file={checking} onClose={() => setChecking(null)} />
      {preview && <Image style={{ display: 'none' }} src={preview} preview={{ open: true, src: preview, onOpenChange: (open) => !open && setPreview(null) }} />}
    </>
  );
}
