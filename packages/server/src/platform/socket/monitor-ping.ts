import { MONITOR_PING } from '@sbwq/contracts';
import type { SocketHub } from './hub.ts';

/**
 * Tells every open notification socket that business figures changed, once a submission, a decision or
 * a payment has committed, so 业务监控 reads them again at once. The message carries no data (anyone may
 * receive it; the bell ignores it), and a lost one only waits for the monitor's next timed read.
 */
export function pingMonitor(sockets: SocketHub): void {
  sockets.broadcast(MONITOR_PING).catch(() => undefined);
}
