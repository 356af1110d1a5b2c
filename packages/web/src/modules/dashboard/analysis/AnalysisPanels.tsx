import { useAccess } from '../../../components/access/useAccess.ts';
import { useQuery } from '@tanstack/react-query';
import { ORG_STATUS_KEY, orgApi } from '../../core/org/org.api.ts';
import styles from '../dashboard.module.css';
import { ANALYSIS_PANELS, panelsFor, type Audience, type DashboardPanel } from './analysis.panels.ts';

/** Staff, or an organisation user once enrolled and certified (before that the notice above leads on). */
export function useAudience(): Audience | null {
  // the same silent lookup as OrgStatusNotice: a failure leaves the home page as it was, without figures
  const status = useQuery({ queryKey: ORG_STATUS_KEY, queryFn: ({ signal }) => orgApi.status(signal, true), staleTime: 0, retry: false }).data;
  if (!status) return null;
  if (status.staff) return 'staff';
  return status.nextStep === 'done' ? 'org' : null;
}

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
        <div className={styles.stats}>
          {stats.map(({ key, Panel }) => (
            <Panel key={key} />
          ))}
        </div>
      )}
      {charts.length > 0 && (
        <div className={styles.charts}>
          {charts.map(({ key, Panel, kind }) => (
            <div key={key} className={kind === 'wideChart' ? styles.wide : undefined}>
              <Panel />
            </div>
          ))}
        </div>
      )}
    </>
  );
}
