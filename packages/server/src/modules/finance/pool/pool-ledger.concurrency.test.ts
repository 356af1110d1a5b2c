import { drizzle } from 'drizzle-orm/node-postgres';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { fromCents, PoolStatus, toCents } from '@sbwq/contracts';
import { createTestApp, dbKind } from '../../../test/harness.ts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { finCapitalPool } from '../../core/ledger/pool.table.ts';
import { reconcile } from './pool-log.service.ts';
import * as ledger from '../../core/ledger/pool-ledger.service.ts';

const OPS = 1000;
const CONNECTIONS = 50;

/** A small deterministic generator, so a failing run can be repeated. */
function generator(seed: number) {
  let s = seed >>> 0;
  const next = () => (s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32;
  return { next, int: (n: number) => Math.floor(next() * n), amount: (max: number) => fromCents(BigInt(1 + Math.floor(next() * max * 100))) };
}

const OPERATIONS = { deposit: ledger.deposit, freeze: ledger.freeze, release: ledger.release, deduct: ledger.deduct, refund: ledger.refund };
type Op = { kind: keyof typeof OPERATIONS; req: ledger.LedgerRequest };

describe(`the ledger under ${CONNECTIONS} concurrent connections on ${dbKind}`, async () => {
  const t = await createTestApp();
  // PGlite is one connection whose transactions queue; on PostgreSQL every worker gets its own connection.
  const pool = t.databaseUrl ? new pg.Pool({ connectionString: t.databaseUrl, max: CONNECTIONS }) : null;
  const db: Db = pool ? (drizzle(pool) as unknown as Db) : t.database.db;
  // The harness drops the test database with (force); a client still closing then reports the
  // termination, which is not a failure of the ledger.
  pool?.on('error', () => undefined);

  // A thousand transactions take seconds on an idle machine and a minute on a busy one.
  it(`${OPS} mixed operations with repeated keys: balances equal the log, nothing negative, every key booked once`, { timeout: 300_000 }, async () => {
    const poolId = newId();
    await t.database.db
      .insert(finCapitalPool)
      .values({ id: poolId, poolCode: 'ZJC-CONC', poolName: '并发测试', fundSource: '1', poolYear: 2026, status: PoolStatus.active });
    await ledger.deposit(t.database.db, null, { poolId, amount: '20000.00', opKey: 'conc:initial' });

    const rand = generator(20261123);
    const refs = Array.from({ length: 20 }, (_, i) => `batch:C${i}`);
    const ops: Op[] = [];
    for (let i = 0; i < OPS; i++) {
      if (i > 10 && rand.next() < 0.15) {
        ops.push(ops[rand.int(ops.length)]);
        continue;
      }
      const roll = rand.next();
      const kind: Op['kind'] = roll < 0.1 ? 'deposit' : roll < 0.45 ? 'freeze' : roll < 0.6 ? 'release' : roll < 0.85 ? 'deduct' : 'refund';
      const bizRef = refs[rand.int(refs.length)];
      ops.push({ kind, req: { poolId, amount: rand.amount(kind === 'deposit' ? 3000 : 900), opKey: `conc:${i}:${kind}`, bizRef, bizNo: bizRef.slice(6) } });
    }

    const answers = new Map<string, ledger.LedgerResult[]>();
    let refused = 0;
    let next = 0;
    const worker = async () => {
      while (next < ops.length) {
        const op = ops[next++];
        try {
          const result = await OPERATIONS[op.kind](db, null, op.req);
          // The invariant holds after every transaction, as the answer reports it.
          expect(toCents(result.totalAfter) - toCents(result.usedAfter) - toCents(result.frozenAfter)).toBe(toCents(result.balanceAfter));
          expect(toCents(result.balanceAfter) >= 0n).toBe(true);
          answers.set(op.req.opKey, [...(answers.get(op.req.opKey) ?? []), result]);
        } catch (error) {
          if (!(error instanceof BizError)) throw error;
          refused++;
        }
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));

    const logs = await rows<{ op_key: string; id: string; seq: number; balance_after: string }>(
      t.database.db,
      sql`select op_key, id, seq, balance_after::text from fin_capital_pool_log where pool_id = ${poolId} order by seq`,
    );
    // No duplicated or missing row: one per key that succeeded (plus the initial deposit), seq 1..n.
    expect(logs.length).toBe(answers.size + 1);
    expect(logs.map((l) => l.seq)).toEqual(Array.from({ length: logs.length }, (_, i) => i + 1));
    expect(new Set(logs.map((l) => l.op_key)).size).toBe(logs.length);
    for (const [key, results] of answers) {
      const row = logs.find((l) => l.op_key === key);
      expect(row, key).toBeDefined();
      // Repeats were applied once: every answer for a key is the first one's.
      for (const r of results) expect(r.logId).toBe(row!.id);
    }
    expect(logs.every((l) => toCents(l.balance_after) >= 0n)).toBe(true);
    expect([...answers.values()].some((r) => r.length > 1 && r.some((x) => x.repeated))).toBe(true);
    expect(refused).toBeGreaterThan(0);

    const report = await reconcile(t.database.db, poolId);
    expect(report.differences).toEqual([]);
    expect(report.checkedLogs).toBe(logs.length);
    const [after] = await t.database.db
      .select()
      .from(finCapitalPool)
      .where(sql`${finCapitalPool.id} = ${poolId}`);
    expect(toCents(after.totalAmount) - toCents(after.usedAmount) - toCents(after.frozenAmount)).toBe(toCents(after.balanceAmount ?? '0'));
    await pool?.end();
  });
});
