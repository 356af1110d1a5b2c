import { Col, Row } from 'antd';
import { useAccess } from '../../../components/access/useAccess.ts';
import { useQuery } from '@tanstack/react-query';
import { ORG_STATUS_KEY, orgApi } from '../../rights/org/org.api.ts';
import { ANALYSIS_PANELS, panelsFor, type Audience, type DashboardPanel } from './analysis.panels.ts';

/** Staff, or an organisation user once enrolled and certified (before that the notice above leads on). */
export function useAudience(): Audience | null {
  // the same silent lookup as OrgStatusNotice: a failure leaves the home page as it was, without figures
  const status = useQuery({ queryKey: ORG_STATUS_KEY, queryFn: ({ signal }) => orgApi.status(signal, true), staleTime: 0, retry: false }).data;
  if (!status) return null;
  if (status.staff) return 'staff';
  return status.nextStep === 'done' ? 'org' : null;
}

const SPAN = {
  stat: { xs: 24, sm: 12, xl: 6 },
  chart: { xs: 24, lg: 12 },
  wideChart: { xs: 24 },
} as const;

/** The figures and charts of the analysis page the user may read, each linking to its list. */
export function AnalysisPanels({ panels = ANALYSIS_PANELS }: { panels?: DashboardPanel[] }) {
  const { can } = useAccess();
  const shown = panelsFor(panels, useAudience(), can);
  if (!shown.length) return null;
  const stats = shown.filter((p) => p.kind === 'stat');
  const charts = shown.filter((p) => p.kind !== 'stat');
  return (
    <>
      {stats.length > 0 && (
        <Row gutter={[16, 16]}>
          {stats.map(({ key, Panel, kind }) => (
            <Col key={key} {...SPAN[kind]}>
              <Panel />
            </Col>
          ))}
        </Row>
      )}
      {charts.length > 0 && (
        <Row gutter={[16, 16]}>
          {charts.map(({ key, Panel, kind }) => (
            <Col key={key} {...SPAN[kind]}>
              <Panel />
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
