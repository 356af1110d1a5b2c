import { ImportOutlined } from '@ant-design/icons';
import { Button, List, Modal, Typography, Upload } from 'antd';
import { useState } from 'react';
import { http } from '../../platform/http.ts';
import { showFailure } from '../../platform/result.ts';
import { feedback } from '../../platform/feedback.ts';

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

export function ImportReportModal({ report, onClose }: { report: ImportReport | null; onClose: () => void }) {
  return (
    <Modal open={Boolean(report)} title="导入结果" width={720} onCancel={onClose} onOk={onClose} okText="确定" cancelButtonProps={{ style: { display: 'none' } }}>
      {report && (
        <>
          <Typography.Paragraph>{report.msg}</Typography.Paragraph>
          <List
            size="small"
            bordered
            style={{ maxHeight: 360, overflow: 'auto' }}
            dataSource={report.errors ?? []}
            renderItem={(error) => (
              <List.Item>
                <Typography.Text type="danger">{reportLine(error)}</Typography.Text>
              </List.Item>
            )}
          />
        </>
      )}
    </Modal>
  );
}

/** 导入: posts one .xlsx file (multipart) and shows the server's report. */
export function ImportButton({ url, onImported, disabled = false }: { url: string; onImported: () => void; disabled?: boolean }) {
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);

  const handleFile = async (file: File) => {
    const data = new FormData();
    data.append('file', file, file.name);
    setBusy(true);
    try {
      const answer = await http.post<ImportReport>(url, data, { timeoutMs: 120_000 });
      if (answer.code === IMPORT_PARTIAL_CODE && answer.result) {
        feedback().message.warning(answer.message);
        setReport(answer.result);
        onImported();
      } else if (answer.success) {
        feedback().message.success(answer.result?.msg || answer.message);
        onImported();
      } else {
        feedback().message.warning(answer.message);
      }
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Upload
        accept=".xlsx"
        disabled={disabled}
        showUploadList={false}
        beforeUpload={(file) => {
          void handleFile(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<ImportOutlined />} loading={busy} disabled={disabled}>
          导入
        </Button>
      </Upload>
      <ImportReportModal report={report} onClose={() => setReport(null)} />
    </>
  );
}
