import { DownloadOutlined, ImportOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, List, Modal, Space, Typography, Upload } from 'antd';
import { useState, type ReactNode } from 'react';
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

/** One line of the per-row error report; an error about the whole file (row 0) is its message alone. */
export function reportLine(error: { row: number; message: string }): string {
  return error.row > 0 ? `第 ${error.row} 行：${error.message}` : error.message;
}

type ImportResultViewProps = {
  type: 'success' | 'warning' | 'error';
  title: string;
  description?: string;
  errors: { row: number; message: string }[];
};

/** What an upload answered: a summary, and each refused row with its number and reason. */
export function ImportResultView({ type, title, description, errors }: ImportResultViewProps) {
  return (
    <div role="region" aria-label="导入结果">
      <Alert type={type} showIcon style={{ marginBottom: 12 }} title={title} description={description} />
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

/** The result of one import: rows imported, rows refused with their row numbers and reasons. */
export function ImportReportView({ report }: { report: ImportReport }) {
  const errors = report.errors ?? [];
  return (
    <ImportResultView
      type={errors.length ? 'warning' : 'success'}
      title={report.msg}
      description={`成功导入 ${report.successCount} 行，失败 ${report.errorCount} 行`}
      errors={errors}
    />
  );
}

export function ImportReportModal({ report, onClose }: { report: ImportReport | null; onClose: () => void }) {
  return (
    <Modal
      open={Boolean(report)}
      title="导入结果"
      width={720}
      onCancel={onClose}
      onOk={onClose}
      okText="确定"
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      {report && <ImportReportView report={report} />}
    </Modal>
  );
}

type ImportDialogProps = {
  open: boolean;
  title: string;
  /** what the file must hold and what happens to bad rows */
  hint: ReactNode;
  /** the empty .xlsx with the import columns; without it no 下载模板 */
  template?: { url: string; name: string };
  /** sends the file; a failure is shown here */
  upload: (file: File) => Promise<void>;
  onClose: () => void;
  /** the upload has been reported: the one button reads 确定 */
  done?: boolean;
  /** a click beside the dialog does not close it */
  modal?: boolean;
  /** the result below the chooser */
  children?: ReactNode;
};

/** An import dialog: the hint, 下载模板, the file chooser and, after the upload, its result. */
export function ImportDialog({ open, title, hint, template, upload, onClose, done = false, modal = false, children }: ImportDialogProps) {
  const [busy, setBusy] = useState(false);

  const handleFile = async (file: File) => {
    setBusy(true);
    try {
      await upload(file);
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const downloadTemplate = async () => {
    try {
      await downloadFile(template!.url, {}, template!.name);
    } catch (error) {
      showFailure(error);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={720}
      onCancel={onClose}
      footer={
        <Button type={done ? 'primary' : 'default'} onClick={onClose}>
          {done ? '确定' : '关闭'}
        </Button>
      }
      destroyOnHidden
      mask={modal ? { closable: false } : undefined}
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Text type="secondary">{hint}</Typography.Text>
        <Space wrap>
          {template && (
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
        {children}
      </Space>
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
  const [report, setReport] = useState<ImportReport | null>(null);

  const upload = async (file: File) => {
    const data = new FormData();
    data.append('file', file, file.name);
    setReport(null);
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
      <ImportDialog
        open={open}
        title={report ? '导入结果' : '导入'}
        hint="请上传 .xlsx 文件；有错误的行被跳过，并逐行列出原因。"
        template={templateUrl ? { url: templateUrl, name: templateName } : undefined}
        upload={upload}
        onClose={close}
        done={Boolean(report)}
      >
        {report && <ImportReportView report={report} />}
      </ImportDialog>
    </>
  );
}
