import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { BatchPath, MAX_BATCH_ITEMS, type BatchImportResult } from '@sbwq/contracts';
import { Alert, Button, List, Modal, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { downloadFile } from '../../../platform/download.ts';
import { feedback, notifyError } from '../../../platform/feedback.ts';
import { OPERATION_FAILED_TEXT, showFailure } from '../../../platform/result.ts';
import { IMPORT_PARTIAL_CODE, reportLine } from '../../../components/list/ImportButton.tsx';
import { batchApi } from './batch.api.ts';

type ItemsImportModalProps = { batchId: string; onClose: () => void; onDone: () => void };

/**
 * 导入明细 from an .xlsx made from the template. Unlike the lists' imports nothing is skipped: one bad
 * row refuses the whole file, and every bad row is listed so it can be fixed at once. Mounted per opening.
 */
export function ItemsImportModal({ batchId, onClose, onDone }: ItemsImportModalProps) {
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<{ message: string; errors: BatchImportResult['errors'] } | null>(null);

  const send = async (file: File) => {
    setBusy(true);
    setRefused(null);
    try {
      const answer = await batchApi.importItems(batchId, file);
      if (answer.success && answer.code !== IMPORT_PARTIAL_CODE) {
        feedback().message.success(answer.message);
        onDone();
        onClose();
      } else if (answer.result?.errors?.length) setRefused({ message: answer.message, errors: answer.result.errors });
      else notifyError(answer.message || OPERATION_FAILED_TEXT);
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const template = async () => {
    try {
      await downloadFile(BatchPath.itemTemplate, {}, '线索明细导入模板.xlsx');
    } catch (error) {
      showFailure(error);
    }
  };

  return (
    <Modal open title="导入线索明细" width={720} onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>} destroyOnHidden mask={{ closable: false }}>
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Text type="secondary">请按模板填写后上传 .xlsx 文件，每批最多 {MAX_BATCH_ITEMS} 条；任一行有错误时全部不导入。</Typography.Text>
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={template}>
            下载模板
          </Button>
          <Upload
            accept=".xlsx"
            showUploadList={false}
            beforeUpload={(file) => {
              void send(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button type="primary" icon={<UploadOutlined />} loading={busy}>
              选择文件
            </Button>
          </Upload>
        </Space>
        {refused && (
          <div role="region" aria-label="导入结果">
            <Alert type="error" showIcon style={{ marginBottom: 12 }} title={refused.message} />
            <List
              size="small"
              bordered
              style={{ maxHeight: 360, overflow: 'auto' }}
              dataSource={refused.errors}
              renderItem={(error) => (
                <List.Item>
                  <Typography.Text type="danger">{error.row > 0 ? reportLine(error) : error.message}</Typography.Text>
                </List.Item>
              )}
            />
          </div>
        )}
      </Space>
    </Modal>
  );
}
