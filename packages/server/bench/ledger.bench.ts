/**
 * The ledger group of `npm run bench`: operations per second and p50/p99 latency of freeze → deduct →
 * release cycles from 50 concurrent callers, on one hot pool and spread over 20 pools.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fromCents, PoolChangeType, PoolStatus } from '@sbwq/contracts';
import { openDatabase, type Database } from '../src/platform/db/client.ts';
import { newId } from '../src/platform/db/ids.ts';
import { finCapitalPool } from '../src/modules/core/ledger/pool.table.ts';
import * as ledger from '../src/modules/core/ledger/pool-ledger.service.ts';
import { reconcile } from '../src/modules/finance/pool/pool-log.service.ts';

const CALLERS = 50;
const OPS = Number(process.env.BENCH_LEDGER_OPS ?? 3000);

type Record = (what: string, value: string, budget?: string) => void;

async function poolsIn(database: Database, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = newId();
    await database.db
      .insert(finCapitalPool)
      .values({ id, poolCode: `BENCH${Date.now()}${i}`, poolName: `压测资金池${i}`, fundSource: '1', poolYear: 2026, status: PoolStatus.active });
    await ledger.deposit(database.db, null, { poolId: id, amount: '900000000.00', opKey: `bench:${id}:deposit` });
    ids.push(id);
  }
  return ids;
}

/**
 * What PostgreSQL itself gets from the same function (issue 35: the hot pool at ≥ 80 % of it): pgbench, 50
 * clients on one pool, each transaction the cycle `run` makes — freeze 300, pay 200, release 100, each a
 * `fin_capital_pool_book` call with the arguments the service passes — for as long as `seconds`.
 * Operations per second, or null where pgbench is not installed.
 */
function pgbenchOps(url: string, poolId: string, seconds: number): number | null {
  const book = (type: string, from: string, to: string, amount: string, op: string) =>
    `select * from fin_capital_pool_book(:pool, '${type}', '${from}', '${to}', ${amount}::numeric, 'pgb-' || :client_id || '-' || :ref || '-${op}', 'pgb-' || :client_id || '-' || :ref, null, null, null, null, 'bench', md5(random()::text), now(), true);`;
  const script = [
    '\\set ref random(1, 9000000000000)',
    book(PoolChangeType.freeze, 'available', 'frozen', '300.00', 'f'),
    book(PoolChangeType.deduct, 'frozen', 'used', '200.00', 'd'),
    book(PoolChangeType.release, 'frozen', 'available', '100.00', 'r'),
  ].join('\n');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sbwq-pgbench-')), 'ledger.sql');
  fs.writeFileSync(file, `${script}\n`);
  try {
    const out = execFileSync('pgbench', ['-n', '-c', String(CALLERS), '-j', '2', '-T', String(seconds), '-D', `pool='${poolId}'`, '-f', file, url], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const tps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
    return Number.isFinite(tps) ? tps * 3 : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

async function run(database: Database, pools: string[], label: string, record: Record): Promise<number> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const timed = async (op: Promise<unknown>) => {
    const t0 = performance.now();
    await op;
    latencies.push(performance.now() - t0);
  };
  // Each caller closes one reference at a time: freeze 300, pay 200 of it, release the other 100. Every
  // operation is booked (none is a cheap refusal), and on 20 pools a reference stays in its pool.
  const worker = async () => {
    for (let n = next++; n < OPS / 3; n = next++) {
      const poolId = pools[n % pools.length];
      const ref = `bench:${label}:${n}`;
      await timed(ledger.freeze(database.db, null, { poolId, amount: '300.00', opKey: `${ref}:f`, bizRef: ref }));
      await timed(ledger.deduct(database.db, null, { poolId, amount: fromCents(20000n), opKey: `${ref}:d`, bizRef: ref }));
      await timed(ledger.release(database.db, null, { poolId, amount: '100.00', opKey: `${ref}:r`, bizRef: ref }));
    }
  };
  await Promise.all(Array.from({ length: CALLERS }, worker));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))].toFixed(1);
  record(
    `资金池台账 ${label}（${database.kind}，${CALLERS} 并发，${OPS} 笔）`,
    `${(OPS / seconds).toFixed(0)} 笔/秒，p50 ${at(0.5)} ms，p99 ${at(0.99)} ms`,
    label === '单池' && database.kind === 'postgres' ? '≥ 500 笔/秒' : '',
  );
  return OPS / seconds;
}

export async function ledgerBench(kind: 'pglite' | 'postgres', url: string | null, record: Record) {
  if (kind === 'postgres') process.env.PG_POOL_MAX = String(CALLERS);
  let database = await openDatabase({ databaseUrl: url, pgliteDir: null });
  try {
    const [hot] = await poolsIn(database, 1);
    const ours = await run(database, [hot!], '单池', record);
    if (kind === 'postgres' && url) {
      // Our pool keeps its CALLERS connections open; pgbench opening as many again went past a default
      // max_connections of 100 ("too many clients") whenever anything else was connected.
      await database.close();
      const direct = pgbenchOps(url, hot!, 10);
      database = await openDatabase({ databaseUrl: url, pgliteDir: null });
      if (direct === null) record('资金池台账 单池占 pgbench 同一函数的比例（postgres）', '未测（没有 pgbench）', '≥ 80 %');
      else
        record(
          '资金池台账 单池占 pgbench 同一函数的比例（postgres）',
          `${((ours / direct) * 100).toFixed(0)} %（${ours.toFixed(0)} / ${direct.toFixed(0)} 笔/秒）`,
          '≥ 80 %',
        );
    }
    await run(database, await poolsIn(database, 20), '20池', record);
    const report = await reconcile(database.db);
    if (report.differences.length) throw new Error(`ledger bench: reconciliation found ${report.differences.length} pools that disagree with their log`);
  } finally {
    await database.close();
  }
}
