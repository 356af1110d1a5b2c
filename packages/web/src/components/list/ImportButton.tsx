import { DownloadOutlined, ImportOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, List, Modal, Space, Typography, Upload } from 'antd';
import { useState } from 'react';
import { downloadFile } from '../../platform/download.ts';
import { feedback, notifyError } from '../../platform/feedback.ts';
import { http } from '../../platform/http.ts';
import { OPERATION_FAILED_TEXT, showFailure } from '../../platform/result.ts';

/** JEECG-API §5.8 importExcel answers; code 201 = some rows were skipped, with the reasons. */
export type ImportReport = {
  totalCount: number;
  successCount: number;
  errorCount: number;
  msg: string;
  errors?: { row: number; message: string }[];
};

export const IMPORT_PARTIAL_CODE = 201;

/** One line of the per-row error report. */
export function reportLine(error: { row: number; message: string }): string {
  return `第 ${error.row} 行：${error.message}`;
}

/** The result of one import: rows imported, rows refused with their row numbers and reasons. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const errors = report.errors ?? [];
  return (
    <div role="region" aria-label="导入结果">
      <Alert
        type={errors.length ? 'warning' : 'success'}
        showIcon
        style={{ marginBottom: 12 }}
        title={report.msg}
        description={`成功导入 ${report.successCount} 行，失败 ${report.errorCount} 行`}
      />
      {errors.length > 0 && (
        <List
          size="small"
          bordered
          style={{ maxHeight: 360, overflow: 'auto' }}
          dataSource={errors}
          renderItem={(error) => (
            <List.Item>
              <Typography.Text type="danger">{reportLine(error)}</Typography.Text>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}

export function ImportReportModal({ report, onClose }: { report: ImportReport | null; onClose: () => void }) {
  return (
    <Modal open={Boolean(report)} title="导入结果" width={720} onCancel={onClose} onOk={onClose} okText="确定" cancelButtonProps={{ style: { display: 'none' } }}>
      {report && <ImportReportView report={report} />}
    </Modal>
  );
}

type ImportButtonProps = {
  /** POST address of the multipart import */
  url: string;
  /** GET address of the empty .xlsx with the import columns; without it no 下载模板 */
  templateUrl?: string;
  /** file name of the template when the answer names none */
  templateName?: string;
  onImported: () => void;
  disabled?: boolean;
};

/** 导入: a dialog with 下载模板, the file chooser and, after the upload, the server's report. */
export function ImportButton({ url, templateUrl, templateName = '导入模板.xlsx', onImported, disabled = false }: ImportButtonProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);

  const handleFile = async (file: File) => {
    const data = new FormData();
    data.append('file', file, file.name);
    setBusy(true);
    setReport(null);
    try {
      const answer = await http.post<ImportReport>(url, data, { timeoutMs: 120_000 });
      if ((answer.success || answer.code === IMPORT_PARTIAL_CODE) && answer.result) {
        if (answer.code === IMPORT_PARTIAL_CODE) feedback().message.warning(answer.message);
        else feedback().message.success(answer.result.msg || answer.message);
        setReport(answer.result);
        onImported();
      } else if (answer.success) {
        feedback().message.success(answer.message);
        onImported();
      } else {
        notifyError(answer.message || OPERATION_FAILED_TEXT);
      }
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const downloadTemplate = async () => {
    try {
      await downloadFile(templateUrl!, {}, templateName);
    } catch (error) {
      showFailure(error);
    }
  };

  const close = () => {
    setOpen(false);
    setReport(null);
  };

  return (
    <>
      <Button icon={<ImportOutlined />} disabled={disabled} onClick={() => setOpen(true)}>
        导入
      </Button>
      <Modal
        open={open}
        title={report ? '导入结果' : '导入'}
        width={720}
        onCancel={close}
        footer={
          <Button type={report ? 'primary' : 'default'} onClick={close}>
            {report ? '确定' : '关闭'}
          </Button>
        }
        destroyOnHidden
      >
        <Space orientation="vertical" style={{ width: '100%' }} size="middle">
          <Typography.Text type="secondary">请上传 .xlsx 文件；有错误的行被跳过，并逐行列出原因。</Typography.Text>
          <Space wrap>
            {templateUrl && (
              <Button icon={<DownloadOutlined />} onClick={downloadTemplate}>
                下载模板
              </Button>
            )}
            <Upload
              accept=".xlsx"
              showUploadList={false}
              beforeUpload={(file) => {
                void handleFile(file);
                return Upload.LIST_IGNORE;
              }}
            >
              <Button type="primary" icon={<UploadOutlined />} loading={busy}>
                选择文件
              </Button>
            </Upload>
          </Space>
          {report && <ImportReportView report={report} />}
        </Space>
      </Modal>
    </>
  );
}
