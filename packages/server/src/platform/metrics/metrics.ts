import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The Prometheus metrics of this process (`GET /metrics`). Counters are the process's: each server
 * process answers its own, and Prometheus adds them up. One registry per process, made at load, so
 * several app instances in one process (tests) count into the same figures rather than clash.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'sbwq_' });

const httpRequests = new Counter({
  name: 'sbwq_http_requests_total',
  help: '已处理的 HTTP 请求数（按方法、路由模式、状态码）',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [metricsRegistry],
});

const httpDuration = new Histogram({
  name: 'sbwq_http_request_duration_seconds',
  help: 'HTTP 请求耗时（秒，按方法、路由模式）',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

const ledgerOperations = new Counter({
  name: 'sbwq_ledger_operations_total',
  help: '资金池记账次数（按变动类型与结果：booked 记账、repeated 同一业务键重复、refused 被拒绝）',
  labelNames: ['type', 'outcome'] as const,
  registers: [metricsRegistry],
});

const jobRuns = new Counter({
  name: 'sbwq_job_runs_total',
  help: '定时任务运行次数（按任务键与结果）',
  labelNames: ['job', 'outcome'] as const,
  registers: [metricsRegistry],
});

/** Where the open sockets are counted: each app's socket hub, read when Prometheus scrapes. */
const socketSources = new Set<() => Record<string, number>>();
new Gauge({
  name: 'sbwq_socket_connections',
  help: '本进程当前打开的 WebSocket 连接数（按通道）',
  labelNames: ['channel'] as const,
  registers: [metricsRegistry],
  collect() {
    this.reset();
    const total: Record<string, number> = {};
    for (const source of socketSources) for (const [channel, n] of Object.entries(source())) total[channel] = (total[channel] ?? 0) + n;
    for (const [channel, n] of Object.entries(total)) this.set({ channel }, n);
  },
});

/** Counts the sockets of `source` until the returned function is called (the app closes). */
export function countSocketsOf(source: () => Record<string, number>): () => void {
  socketSources.add(source);
  return () => void socketSources.delete(source);
}

/** One answered request: `route` is the pattern that served it (`/sys/user/queryById`), never the raw URL. */
export function countRequest(method: string, route: string, status: number, seconds: number): void {
  httpRequests.inc({ method, route, status: String(status) });
  httpDuration.observe({ method, route }, seconds);
}

export type LedgerOutcome = 'booked' | 'repeated' | 'refused';

/** One booking of the capital-pool ledger (a counter only: amounts stay in the database). */
export function countLedgerOperation(type: string, outcome: LedgerOutcome): void {
  ledgerOperations.inc({ type, outcome });
}

/** One run of a scheduled job, by its key; the scheduler calls it when a run ends. */
export function countJobRun(key: string, outcome: 'success' | 'failure' | (string & {})): void {
  jobRuns.inc({ job: key, outcome });
}

/** The exposition text Prometheus reads. */
export const metricsText = () => metricsRegistry.metrics();
export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;
