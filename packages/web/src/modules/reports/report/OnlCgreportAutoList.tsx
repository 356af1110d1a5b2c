import { Button, Card } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { ReportView } from '../../../components/popup/ReportView.tsx';
import { reportExportUrl, reportSource } from '../../../components/popup/report.calls.ts';
import { downloadFile } from '../../../platform/download.ts';
import { showFailure } from '../../../platform/result.ts';

/** The last part of the menu address: `/online/cgreport/<code>` (the stock component's route). */
export const reportCodeOf = (pathname: string) => decodeURIComponent(pathname.replace(/\/+$/, '').split('/').pop() ?? '');

/**
 * The built-in report screen the stock `OnlCgreportAutoList` menu component opens (spec §2): the report
 * named by the address, with its search form, dictionary texts, paging, sort and 导出.
 */
export function OnlCgreportAutoList() {
  const { pathname } = useLocation();
  const code = reportCodeOf(pathname);
  const source = useMemo(() => reportSource(code), [code]);
  const [exporting, setExporting] = useState(false);
  return (
    <Card variant="borderless">
      <ReportView
        key={code}
        source={source}
        label="报表"
        extra={({ id, query }) => (
          <div style={{ marginBottom: 12 }}>
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              disabled={!id}
              onClick={async () => {
                setExporting(true);
                try {
                  await downloadFile(reportExportUrl(id!), query, `${code}.xlsx`);
                } catch (error) {
                  showFailure(error);
                } finally {
                  setExporting(false);
                }
              }}
            >
              导出
            </Button>
          </div>
        )}
      />
    </Card>
  );
}
