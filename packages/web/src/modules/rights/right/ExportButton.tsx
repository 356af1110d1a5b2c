import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { downloadFile } from '../../../platform/download.ts';
import type { Query } from '../../../platform/http.ts';
import { showFailure } from '../../../platform/result.ts';
import { rightApi } from './right.api.ts';

/** 导出: the records of the current search (or only the selected ones) as 受保护权利.xlsx. */
export function ExportButton({ params, selected }: { params: Query; selected: string[] }) {
  const [busy, setBusy] = useState(false);
  const handleExport = async () => {
    setBusy(true);
    try {
      await downloadFile(rightApi.exportUrl, { ...params, ...(selected.length ? { selections: selected.join(',') } : {}) }, '受保护权利.xlsx');
    } catch (error) {
      showFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void handleExport()}>
      导出
    </Button>
  );
}
