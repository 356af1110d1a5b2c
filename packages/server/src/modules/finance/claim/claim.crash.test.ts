import { and, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BatchStatus, ClaimStatus, PoolChangeType } from '@sbwq/contracts';
import { ADMIN_PASSWORD } from '../../../test/harness.ts';
import { call, startServer, type ServerProcess } from '../../../test/server-process.ts';
import { finCapitalPoolLog } from '../../core/ledger/pool.table.ts';
import { finClaim, finClaimLog, finClaimPayment } from '../../core/tables/claim.table.ts';
import { rightsBatch } from '../../core/tables/batch.table.ts';
import { claimRig } from './claim.fixtures.ts';

/*
 * Issue #24 (after pool-ledger.crash.test.ts, which does this for deposits): a server process is
 * killed with SIGKILL in the middle of concurrent approvals and payments — 线索批次审核 (which freezes
 * pool money), 报销单 业务审核 and 财务审核, single 付款 and batch 付款 of several claims. After a
 * restart every operation answered with success is booked exactly once, every other one is booked
 * wholly or not at all (a batch 付款 all or none), 对账 finds no difference, and resending every
 * 付款 books none twice. PostgreSQL only: the embedded database lives inside the killed process.
 */

const enabled = process.env.TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
const BASE = '/rights/financeRecord';

type Op = { kind: 'batchReview' | 'claimReview' | 'pay'; ids: string[]; send: (server: ServerProcess) => Promise<boolean> };

describe.runIf(enabled)('approvals and payments survive a SIGKILL of the server process (issue #24)', async () => {
  // Vitest runs a skipped suite's body to list its tests: the rig is built only where the test runs.
  const s = enabled ? await claimRig() : null;

  it('every answered approval and payment is booked once, nothing is half-booked, and the pools reconcile', { timeout: 300_000 }, async () => {
    const { rig, a, reviewer, finance } = s!;
    const db = rig.database.db;

    // Prepared through the test's own app on the same database: 8 submitted batches, 10 submitted
    // claims, and 14 claims at 待付款 (8 paid one by one, 6 in two batch payments of 3).
    const batches = await Promise.all(Array.from({ length: 8 }, () => s!.submitted(a, s!.rightA, 1)));
    const reviewed: string[] = [];
    for (let i = 0; i < 10; i++) reviewed.push(await s!.claimOf('10'));
    const payable: string[] = [];
    for (let i = 0; i < 14; i++) {
      const id = await s!.claimOf('10');
      await s!.toPay(id);
      payable.push(id);
    }
    const payBodies = [...payable.slice(0, 8).map((id) => s!.payBody(id)), s!.payBody(payable.slice(8, 11)), s!.payBody(payable.slice(11, 14))];
    const bodies = await Promise.all(payBodies);
    const logsBefore = new Map(
      (
        await db.select({ id: finClaimLog.claimId, n: count() }).from(finClaimLog).where(inArray(finClaimLog.claimId, reviewed)).groupBy(finClaimLog.claimId)
      ).map((r) => [r.id, r.n]),
    );

    const ok = async (server: ServerProcess, token: string, method: string, route: string, body: object) =>
      (await call(server, token, method, route, body)).success;
    const ops: Op[] = [
      ...batches.map((id): Op => ({
        kind: 'batchReview',
        ids: [id],
        send: (srv) => ok(srv, reviewer.token, 'POST', '/rights/threaded/review', { id, result: 'pass' }),
      })),
      ...reviewed.map((id): Op => ({
        kind: 'claimReview',
        ids: [id],
        // both review steps; success means the claim reached 待付款
        send: async (srv) =>
          (await ok(srv, reviewer.token, 'POST', `${BASE}/bizReview`, { id, result: 'pass' })) &&
          ok(srv, finance.token, 'POST', `${BASE}/financeReview`, { id, result: 'pass' }),
      })),
      ...bodies.map((body): Op => ({
        kind: 'pay',
        ids: 'ids' in body ? (body.ids as string[]) : [body.id as string],
        send: (srv) => ok(srv, finance.token, 'POST', `${BASE}/payment/pay`, body),
      })),
    ];
    // interleaved, so each kind is in flight when the process dies
    const queue = [...ops].sort((x, y) => (ops.indexOf(x) % 7) - (ops.indexOf(y) % 7) || ops.indexOf(x) - ops.indexOf(y));

    const env = { DATABASE_URL: rig.databaseUrl!, DATA_DIR: rig.config.dataDir, ADMIN_PASSWORD, SEED_DEMO: '0', NODE_ENV: 'test' };
    let server = await startServer(env);
    const answered = new Set<Op>();
    const killAfter = Math.floor(ops.length / 3);
    const worker = async () => {
      for (let op = queue.shift(); op; op = queue.shift()) {
        try {
          if (await op.send(server)) answered.add(op);
        } catch {
          return; // the connection died with the process
        }
        // killed from inside the run, with the other workers' requests in flight
        if (answered.size >= killAfter && server.child.exitCode === null) server.child.kill('SIGKILL');
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    expect(answered.size).toBeGreaterThanOrEqual(killAfter);
    expect(answered.size, 'some operations were cut by the kill').toBeLessThan(ops.length);

    server = await startServer(env);
    try {
      const deducts = async (claimNo: string) =>
        (
          await db
            .select({ n: count() })
            .from(finCapitalPoolLog)
            .where(and(eq(finCapitalPoolLog.bizNo, claimNo), eq(finCapitalPoolLog.changeType, PoolChangeType.deduct)))
        )[0].n;
      for (const op of ops) {
        const success = answered.has(op);
        if (op.kind === 'batchReview') {
          const [batch] = await db.select().from(rightsBatch).where(eq(rightsBatch.id, op.ids[0]));
          const [{ n: freezes }] = await db
            .select({ n: count() })
            .from(finCapitalPoolLog)
            .where(eq(finCapitalPoolLog.opKey, `batch:${batch.id}:freeze`));
          const state = { status: batch.status, freezes };
          if (success) expect(state).toEqual({ status: BatchStatus.toEnforce, freezes: 1 });
          else
            expect([
              { status: BatchStatus.toEnforce, freezes: 1 },
              { status: BatchStatus.pending, freezes: 0 },
            ]).toContainEqual(state);
        } else if (op.kind === 'claimReview') {
          const [claim] = await db.select().from(finClaim).where(eq(finClaim.id, op.ids[0]));
          const [{ n }] = await db.select({ n: count() }).from(finClaimLog).where(eq(finClaimLog.claimId, claim.id));
          // each review step writes its status change and its log row together
          const state = { status: claim.status, steps: n - (logsBefore.get(claim.id) ?? 0) };
          if (success) expect(state).toEqual({ status: ClaimStatus.toPay, steps: 2 });
          else
            expect([
              { status: ClaimStatus.bizReview, steps: 0 },
              { status: ClaimStatus.financeReview, steps: 1 },
              { status: ClaimStatus.toPay, steps: 2 },
            ]).toContainEqual(state);
        } else {
          const states = [];
          for (const id of op.ids) {
            const [claim] = await db.select().from(finClaim).where(eq(finClaim.id, id));
            const [{ n: payments }] = await db.select({ n: count() }).from(finClaimPayment).where(eq(finClaimPayment.claimId, id));
            states.push({ status: claim.status, deducts: await deducts(claim.claimNo), payments });
          }
          const paid = { status: ClaimStatus.paid, deducts: 1, payments: 1 };
          const unpaid = { status: ClaimStatus.toPay, deducts: 0, payments: 0 };
          if (success) expect(states).toEqual(op.ids.map(() => paid));
          else expect([op.ids.map(() => paid), op.ids.map(() => unpaid)]).toContainEqual(states);
        }
      }
      const reconcile = async () => (await call(server, finance.token, 'GET', '/rights/capitalPool/reconcile')).result.differences;
      expect(await reconcile()).toEqual([]);

      // Every 付款 resent, answered or lost: all paid now, each booked exactly once.
      for (const op of ops.filter((o) => o.kind === 'pay')) expect(await op.send(server), op.ids.join()).toBe(true);
      for (const id of payable) {
        const [claim] = await db.select().from(finClaim).where(eq(finClaim.id, id));
        expect({ status: claim.status, deducts: await deducts(claim.claimNo) }).toEqual({ status: ClaimStatus.paid, deducts: 1 });
      }
      expect(await reconcile()).toEqual([]);
    } finally {
      server.child.kill('SIGKILL');
    }
  });
});
