import { Card } from 'antd';
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { ReportView } from '../../../components/popup/ReportView.tsx';
import { cgformSource } from '../../../components/popup/report.calls.ts';
import { reportCodeOf } from './OnlCgreportAutoList.tsx';

/**
 * The built-in read-only list the stock `OnlCgformAutoList` menu component opens (spec §2): the table
 * registered on the server under the code in the address (`/online/cgformList/<code>`).
 */
export function OnlCgformAutoList() {
  const { pathname } = useLocation();
  const code = reportCodeOf(pathname);
  const source = useMemo(() => cgformSource(code), [code]);
  return (
    <Card variant="borderless">
      <ReportView key={code} source={source} label="列表" />
    </Card>
  );
}
