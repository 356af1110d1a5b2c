/**
 * What 系统监控 costs a request: the standard list route (`/sys/fillRule/list`, one page of 10) with the
 * request hook on (Prometheus counter and histogram by route, the trace ring) against the same app with
 * it off, alternated on one app instance so the machine's drifting load falls on both; and how long
 * one `/metrics` scrape takes to render.
 */
import type autocannon from 'autocannon';
import { countRequest } from '../src/platform/metrics/metrics.ts';
import { TraceBuffer } from '../src/platform/metrics/traces.ts';
import { cannon, record } from './kit.ts';
import { fillRuleServer } from './fill-rule-server.ts';

/** The hook's own work, alone: one counter, one histogram observation and one ring write, over 40 routes. */
export function monitorHookAlone() {
  const traces = new TraceBuffer(200);
  const routes = Array.from({ length: 40 }, (_, i) => `/jeecg-boot/bench/route${i}/list`);
  const once = (i: number) => {
    const route = routes[i % routes.length];
    countRequest('GET', route, 200, 0.004);
    traces.record({ time: new Date().toISOString(), method: 'GET', path: route, route, status: 200, durationMs: 4.2, username: 'admin' });
  };
  for (let i = 0; i < 20_000; i++) once(i);
  const best: number[] = [];
  for (let round = 0; round < 5; round++) {
    const start = process.cpuUsage();
    for (let i = 0; i < 100_000; i++) once(i);
    const used = process.cpuUsage(start);
    best.push((used.user + used.system) / 100_000);
  }
  record('监控钩子本身的 CPU 时间（计数器＋直方图＋追踪环，每个请求，5 轮中最少）', `${Math.min(...best).toFixed(2)} µs`);
}

export async function monitorHooks(kind: 'pglite' | 'postgres') {
  const server = await fillRuleServer(kind, '监控钩子（postgres）', { TRUST_PROXY: '1' });
  if (!server) return;
  const { app, origin, token } = server;
  const url = `${server.base}/sys/fillRule/list?pageNo=1&pageSize=10`;

  const monitoring = app.monitoring;
  const run = async (observe: boolean, seconds = 8) => {
    monitoring.observe = observe;
    return cannon(url, token, seconds);
  };
  await run(true, 4);
  await run(false, 4);
  const runs = { on: [] as autocannon.Result[], off: [] as autocannon.Result[] };
  for (const which of ['on', 'off', 'off', 'on', 'on', 'off'] as const) runs[which].push(await run(which === 'on'));
  const mean = (list: autocannon.Result[], of: (r: autocannon.Result) => number) => list.reduce((sum, r) => sum + of(r), 0) / list.length;
  const [onRate, offRate] = [mean(runs.on, (r) => r.requests.average), mean(runs.off, (r) => r.requests.average)];
  const [onP50, offP50] = [mean(runs.on, (r) => r.latency.p50), mean(runs.off, (r) => r.latency.p50)];
  record(
    `列表接口吞吐，监控钩子开 / 关（${kind}，50 并发，fillRule/list）`,
    `${Math.round(onRate)} / ${Math.round(offRate)} req/s（${((onRate / offRate) * 100).toFixed(1)} %），p50 ${onP50.toFixed(0)} / ${offP50.toFixed(0)} ms`,
  );

  // One request at a time, CPU of the whole process (server and client): hardly moved by other load.
  const cpuPerRequest = async (observe: boolean) => {
    monitoring.observe = observe;
    for (let i = 0; i < 100; i++) await fetch(url, { headers: { 'X-Access-Token': token } });
    const start = process.cpuUsage();
    for (let i = 0; i < 1000; i++) await fetch(url, { headers: { 'X-Access-Token': token } });
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000 / 1000;
  };
  const off1 = await cpuPerRequest(false);
  const on1 = await cpuPerRequest(true);
  const off2 = await cpuPerRequest(false);
  const on2 = await cpuPerRequest(true);
  const [on, off] = [(on1 + on2) / 2, (off1 + off2) / 2];
  record(
    `每个请求的 CPU 时间，监控钩子开 / 关（${kind}，逐个请求，含客户端）`,
    `${on.toFixed(3)} / ${off.toFixed(3)} ms（差 ${((on - off) * 1000).toFixed(0)} µs）`,
  );

  monitoring.observe = true;
  const scrapes: number[] = [];
  for (let i = 0; i < 20; i++) {
    const start = performance.now();
    await (await fetch(`${origin}/metrics`, { headers: { 'X-Access-Token': token } })).text();
    scrapes.push(performance.now() - start);
  }
  scrapes.sort((a, b) => a - b);
  record(`/metrics 一次抓取（${kind}，p50）`, `${scrapes[10].toFixed(1)} ms`);

  await server.close();
}
