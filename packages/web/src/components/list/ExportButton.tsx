import { DownOutlined, DownloadOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import type { Query } from '../../platform/http.ts';
import { downloadFile } from '../../platform/download.ts';
import { showFailure } from '../../platform/result.ts';

/** The export of the current filter, or of the selected ids (`selections=id1,id2`, JEECG-API §5.7). */
export function useExport(url: string | undefined, fileName: string) {
  const [exporting, setExporting] = useState(false);
  const run = async (params: Query, selectedKeys: string[] = []) => {
    if (!url) return;
    setExporting(true);
    try {
      await downloadFile(url, { ...params, ...(selectedKeys.length ? { selections: selectedKeys.join(',') } : {}) }, fileName);
    } catch (error) {
      showFailure(error);
    } finally {
      setExporting(false);
    }
  };
  return { exporting, run };
}

type ExportButtonProps = {
  exporting: boolean;
  disabled: boolean;
  /** the resource's export accepts `selections` */
  bySelection: boolean;
  selectedCount: number;
  onExport: (which: 'filter' | 'selection') => void;
};

/** 导出: a plain button, or a menu 导出当前筛选 / 导出选中 N 项 where the export can take the selection. */
export function ExportButton({ exporting, disabled, bySelection, selectedCount, onExport }: ExportButtonProps) {
  if (!bySelection) {
    return (
      <Button icon={<DownloadOutlined />} loading={exporting} disabled={disabled} onClick={() => onExport('filter')}>
        导出
      </Button>
    );
  }
  return (
    <Dropdown
      trigger={['click']}
      disabled={disabled}
      menu={{
        items: [
          { key: 'filter', label: '导出当前筛选' },
          { key: 'selection', label: `导出选中 ${selectedCount} 项`, disabled: selectedCount === 0 },
        ],
        onClick: ({ key }) => onExport(key as 'filter' | 'selection'),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={exporting} disabled={disabled}>
        导出 <DownOutlined />
      </Button>
    </Dropdown>
  );
}
