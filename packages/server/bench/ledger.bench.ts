/**
 * The ledger group of `npm run bench`: operations per second and p50/p99 latency of freeze → deduct →
 * release cycles from 50 concurrent callers, on one hot pool and spread over 20 pools.
 */
import { fromCents, PoolStatus } from '@sbwq/contracts';
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
    await database.db.insert(finCapitalPool).values({ id, poolCode: `BENCH${Date.now()}${i}`, poolName: `压测资金池${i}`, fundSource: '1', poolYear: 2026, status: PoolStatus.active });
    await ledger.deposit(database.db, null, { poolId: id, amount: '900000000.00', opKey: `bench:${id}:deposit` });
    ids.push(id);
  }
  return ids;
}

async function run(database: Database, pools: string[], label: string, record: Record) {
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
  record(`资金池台账 ${label}（${database.kind}，${CALLERS} 并发，${OPS} 笔）`, `${(OPS / seconds).toFixed(0)} 笔/秒，p50 ${at(0.5)} ms，p99 ${at(0.99)} ms`, label === '单池' && database.kind === 'postgres' ? '≥ 500 笔/秒' : '');
}

export async function ledgerBench(kind: 'pglite' | 'postgres', url: string | null, record: Record) {
  if (kind === 'postgres') process.env.PG_POOL_MAX = String(CALLERS);
  const database = await openDatabase({ databaseUrl: url, pgliteDir: null });
  try {
    await run(database, await poolsIn(database, 1), '单池', record);
    await run(database, await poolsIn(database, 20), '20池', record);
    const report = await reconcile(database.db);
    if (report.differences.length) throw new Error(`ledger bench: reconciliation found ${report.differences.length} pools that disagree with their log`);
  } finally {
    await database.close();
  }
}
