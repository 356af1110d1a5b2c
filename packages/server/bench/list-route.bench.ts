/**
 * The standard list route of the resource skeleton (`registerResource`) against a bare Fastify handler
 * doing the same work by hand: the session lookup and permission check the access hook makes, then the
 * same page and count queries, answering the same envelope. What is left between them is what the
 * skeleton costs: hooks, query-string validation, the whitelist parser, the service context.
 */
import Fastify from 'fastify';
import type autocannon from 'autocannon';
import { asc, count, desc } from 'drizzle-orm';
import { Msg, FillRulePerm } from '@sbwq/contracts';
import type { Db } from '../src/platform/db/client.ts';
import { resolveSession } from '../src/platform/auth/session.ts';
import { hasPermission } from '../src/platform/access/access.ts';
import { sysFillRule } from '../src/modules/config/fill-rule/fill-rule.table.ts';
import { fillRuleRecord } from '../src/modules/config/fill-rule/fill-rule.service.ts';
import { cannon, record } from './kit.ts';
import { fillRuleServer } from './fill-rule-server.ts';

const QUERY = 'pageNo=1&pageSize=10';

export async function skeletonList(kind: 'pglite' | 'postgres') {
  const server = await fillRuleServer(kind, '资源骨架列表接口（postgres）', { TRUST_PROXY: '1' });
  if (!server) return;
  const { base, token, config } = server;

  const bare = bareList(server.db, config.sessionIdleMinutes);
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/list?${QUERY}`;
  const appUrl = `${base}/sys/fillRule/list?${QUERY}`;
  const [appBody, bareBody] = await Promise.all([appUrl, bareUrl].map(async (u) => (await fetch(u, { headers: { 'X-Access-Token': token } })).json()));
  if (JSON.stringify(strip(appBody)) !== JSON.stringify(strip(bareBody)))
    throw new Error(`bare handler answers differently:\n${JSON.stringify(appBody)}\n${JSON.stringify(bareBody)}`);

  await cannon(appUrl, token, 5);
  await cannon(bareUrl, token, 5);
  // App, bare, bare, app: on a shared machine the load drifts during a run, and this order cancels a steady drift.
  const runs = { app: [] as autocannon.Result[], bare: [] as autocannon.Result[] };
  for (const which of ['app', 'bare', 'bare', 'app'] as const) runs[which].push(await cannon(which === 'app' ? appUrl : bareUrl, token));
  const mean = (list: autocannon.Result[], of: (r: autocannon.Result) => number) => list.reduce((sum, r) => sum + of(r), 0) / list.length;
  const [appRate, bareRate] = [mean(runs.app, (r) => r.requests.average), mean(runs.bare, (r) => r.requests.average)];
  const [appP50, bareP50] = [mean(runs.app, (r) => r.latency.p50), mean(runs.bare, (r) => r.latency.p50)];
  record(`资源骨架列表接口 p50 / 吞吐（${kind}，50 并发，fillRule/list）`, `${appP50.toFixed(0)} ms / ${Math.round(appRate)} req/s`);
  record(`同 SQL 裸 Fastify p50 / 吞吐（${kind}）`, `${bareP50.toFixed(0)} ms / ${Math.round(bareRate)} req/s`);
  record(
    `资源骨架吞吐占裸处理器比例 / p50 倍数（${kind}）`,
    `${((appRate / bareRate) * 100).toFixed(0)} % / ${(appP50 / bareP50).toFixed(2)}×`,
    '≥ 70 % / ≤ 1.3×',
  );
  const non2xx = [mean(runs.app, (r) => r.non2xx), mean(runs.bare, (r) => r.non2xx)];
  if (non2xx[0] > 0 || non2xx[1] > 0) record(`非 2xx 响应（${kind}）`, `${non2xx[0]} / ${non2xx[1]}`);

  // The CPU a request costs, one at a time: unlike throughput it hardly moves with the machine's other load.
  const cpuPerRequest = async (url: string) => {
    for (let i = 0; i < 100; i++) await fetch(url, { headers: { 'X-Access-Token': token } });
    const start = process.cpuUsage();
    for (let i = 0; i < 500; i++) await fetch(url, { headers: { 'X-Access-Token': token } });
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 500 / 1000;
  };
  const [appCpu, bareCpu] = [await cpuPerRequest(appUrl), await cpuPerRequest(bareUrl)];
  record(`每个请求的 CPU 时间，资源骨架 / 裸处理器（${kind}，逐个请求，含客户端）`, `${appCpu.toFixed(2)} / ${bareCpu.toFixed(2)} ms`);

  await bare.close();
  await server.close();
}

/** The envelope's timestamp differs from call to call; everything else must match. */
const strip = (body: unknown) => ({ ...(body as Record<string, unknown>), timestamp: 0 });

function bareList(db: Db, idleMinutes: number) {
  const bare = Fastify();
  bare.get('/list', async (request, reply) => {
    const token = String(request.headers['x-access-token'] ?? '');
    const user = await resolveSession(db, { idleMinutes, maxDays: 7 }, token);
    if (!user) return reply.status(500).send({ message: Msg.tokenInvalid });
    if (!(await hasPermission(db, user.id, FillRulePerm.list, user.accessVersion))) return reply.status(403).send({ message: Msg.noPermission });
    const query = request.query as { pageNo?: string; pageSize?: string };
    const pageNo = Number(query.pageNo ?? 1);
    const pageSize = Number(query.pageSize ?? 10);
    const [[{ total }], records] = await Promise.all([
      db.select({ total: count() }).from(sysFillRule),
      db
        .select()
        .from(sysFillRule)
        .orderBy(desc(sysFillRule.createTime), asc(sysFillRule.id))
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize),
    ]);
    const result = { records: records.map(fillRuleRecord), total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) };
    return { success: true, message: Msg.querySuccess, code: 200, result, timestamp: Date.now() };
  });
  return bare;
}
