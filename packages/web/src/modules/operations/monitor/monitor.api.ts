import { MONITOR_POLL_MS, monitorFlow, type Envelope } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { flowApi } from '../../../platform/flowApi.ts';
import { unwrap } from '../../../platform/result.ts';

/** The 系统监控 calls, typed from the declaration the server builds its routes from. */
export const monitorApi = flowApi(monitorFlow);

/**
 * One monitor answer, read again every MONITOR_POLL_MS while the screen is shown. The interval stops
 * while the browser tab is hidden (TanStack Query's `refetchIntervalInBackground: false`) and the
 * screen's unmount ends it.
 */
export function useMonitorPoll<T>(
  key: string,
  call: (signal: AbortSignal) => Promise<Envelope<T>>,
  opts: { everyMs?: number; onData?: (data: T, at: number) => void } = {},
) {
  const { everyMs = MONITOR_POLL_MS, onData } = opts;
  return useQuery({
    queryKey: ['system-monitor', key],
    queryFn: async ({ signal }) => {
      const data = unwrap(await call(signal));
      // the screens keep a history of the answers for their charts: each answer is added once, as it arrives
      onData?.(data, Date.now());
      return data;
    },
    refetchInterval: everyMs,
    refetchIntervalInBackground: false,
    staleTime: 0,
    retry: false,
    // a failed poll is drawn in the screen's own place (MonitorFailure), not notified every few seconds
    meta: { silent: true },
  });
}
