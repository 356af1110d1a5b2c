/**
 * What the operation log (issue #25) costs: a mutating call (PUT /sys/fillRule/edit, a real update)
 * and a list call (GET /sys/fillRule/list) with the log on and off in the same process. The issue's
 * budget: ≤ 5 % of a call's throughput. The log is written after the answer, in batches, so what is
 * left is the hook's own work and the batched inserts competing for the database.
 */
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { rows } from '../src/platform/db/client.ts';
import { operationLogOf } from '../src/modules/operations/log/operation-log.ts';
import { record } from './kit.ts';
import { fillRuleServer } from './fill-rule-server.ts';

type Call = { url: string; method: 'GET' | 'PUT'; body?: string };

const run = (call: Call, token: string, duration: number) =>
  autocannon({
    url: call.url,
    method: call.method,
    connections: 20,
    duration,
    headers: { 'X-Access-Token': token, 'content-type': 'application/json' },
    ...(call.body ? { body: call.body } : {}),
  });

export async function operationLogBench(kind: 'pglite' | 'postgres', duration = Number(process.env.BENCH_SECONDS ?? 8)) {
  const server = await fillRuleServer(kind, '操作日志开销（postgres）');
  if (!server) return;
  const { base, token } = server;
  const queue = operationLogOf(server.app);

  const edit: Call = {
    url: `${base}/sys/fillRule/edit`,
    method: 'PUT',
    // A body of the usual size with a field the log must mask, so the sanitising is measured too.
    body: JSON.stringify({
      id: 'bench-rule-1',
      ruleName: '测量规则 1',
      ruleCode: 'bench_rule_1',
      prefix: 'B',
      datePattern: 'yyyyMMdd',
      seqWidth: 4,
      resetCycle: 'day',
      description: '性能测量：编辑',
      token: 'not-stored',
    }),
  };
  const list: Call = { url: `${base}/sys/fillRule/list?pageNo=1&pageSize=10`, method: 'GET' };
  const check = await fetch(edit.url, { method: 'PUT', headers: { 'X-Access-Token': token, 'content-type': 'application/json' }, body: edit.body });
  if (!((await check.json()) as { success: boolean }).success) throw new Error('bench edit refused');

  for (const [name, call] of [
    ['编辑（PUT，写操作）', edit],
    ['列表（GET）', list],
  ] as const) {
    await run(call, token, 3);
    const rates = { on: [] as number[], off: [] as number[] };
    let non2xx = 0;
    // on, off, off, on: a steady drift of the shared machine's load cancels out.
    for (const state of ['on', 'off', 'off', 'on'] as const) {
      queue.enabled = state === 'on';
      const result = await run(call, token, duration);
      rates[state].push(result.requests.average);
      non2xx += result.non2xx;
      await queue.flush();
    }
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const [on, off] = [mean(rates.on), mean(rates.off)];
    record(
      `操作日志开销 ${name}（${kind}，20 并发）吞吐 开 / 关`,
      `${Math.round(on)} / ${Math.round(off)} req/s，${(((off - on) / off) * 100).toFixed(1)} %${non2xx ? `（非 2xx ${non2xx}）` : ''}`,
      '≤ 5 %',
    );

    // The CPU a call costs, one at a time, the log's batched inserts included (flushed inside the
    // window): unlike throughput it hardly moves with the shared machine's other load.
    const cpu = { on: 0, off: 0 };
    const once = () =>
      fetch(call.url, {
        method: call.method,
        headers: { 'X-Access-Token': token, 'content-type': 'application/json' },
        ...(call.body ? { body: call.body } : {}),
      }).then((r) => r.arrayBuffer());
    for (let round = 0; round < 6; round++) {
      for (const state of round % 2 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
        queue.enabled = state === 'on';
        for (let i = 0; i < 20; i++) await once();
        const start = process.cpuUsage();
        for (let i = 0; i < 150; i++) await once();
        await queue.flush();
        const used = process.cpuUsage(start);
        cpu[state] += (used.user + used.system) / 150 / 6 / 1000;
      }
    }
    record(
      `操作日志开销 ${name}（${kind}，逐个请求）每请求 CPU 开 / 关`,
      `${cpu.on.toFixed(2)} / ${cpu.off.toFixed(2)} ms，${(((cpu.on - cpu.off) / cpu.off) * 100).toFixed(1)} %`,
      '≤ 5 %',
    );
  }
  queue.enabled = true;
  const [{ n }] = await rows<{ n: number }>(server.db, sql`select count(*)::int as n from sys_log where log_type = 2`);
  record(`操作日志写入行数（${kind}，开启的两轮）`, String(n));

  await server.close();
}
