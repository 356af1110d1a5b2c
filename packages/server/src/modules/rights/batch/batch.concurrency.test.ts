import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BatchMsg, BatchStatus } from '@sbwq/contracts';
import { dbKind } from '../../../test/harness.ts';
import { rightsApproval } from '../../core/approval/approval.table.ts';
import { finCapitalPoolLog } from '../../core/ledger/pool.table.ts';
import { batchRig } from './batch.fixtures.ts';

// On PGlite the requests queue on one connection; on PostgreSQL (TEST_DB=postgres) each runs on its own.
describe(`DOMAIN clue batch flow under concurrent requests on ${dbKind}`, async () => {
  const s = await batchRig({ orgCap: '2500' });
  const { rig, a, b, rightA, rightB, reviewer, reviewer2 } = s;
  const call = rig.call;
  const db = rig.database.db;

  it('two reviewers deciding one batch at once: exactly one wins, the other is told; one approval record, one freeze', async () => {
    const id = await s.submitted(b, rightB, 2);
    const answers = await Promise.all([
      call(reviewer.token, 'POST', '/rights/threaded/review', { id, result: 'pass' }),
      call(reviewer2.token, 'POST', '/rights/threaded/review', { id, result: 'reject', opinion: '证据不足' }),
    ]);
    expect(answers.filter((r) => r.success)).toHaveLength(1);
    const loser = answers.find((r) => !r.success)!;
    expect([BatchMsg.decidedByOther, BatchMsg.notPending]).toContain(loser.message);
    expect(await db.select().from(rightsApproval).where(eq(rightsApproval.bizId, id))).toHaveLength(1);
    const rec = await s.batch(id);
    const freezes = await db.select().from(finCapitalPoolLog).where(eq(finCapitalPoolLog.bizNo, rec.batchNo));
    expect(freezes).toHaveLength(rec.status === BatchStatus.toEnforce ? 1 : 0);
  });

  it('批次编号 stays unique when many batches are added at once (fill rule threaded_code)', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => call(a.token, 'POST', '/rights/threaded/add', s.form(rightA))));
    expect(answers.every((r) => r.success)).toBe(true);
    const numbers = await Promise.all(answers.map(async (r) => (await s.batch(r.result)).batchNo));
    expect(new Set(numbers).size).toBe(12);
  });

  it('approvals racing against the 单机构上限: the pool lock orders them, the one over the cap is refused', async () => {
    const ids = [await s.submitted(a, rightA, 1), await s.submitted(a, rightA, 1), await s.submitted(a, rightA, 1)];
    const answers = await Promise.all(
      ids.map((id, i) => call(i % 2 ? reviewer2.token : reviewer.token, 'POST', '/rights/threaded/review', { id, result: 'pass' })),
    );
    expect(answers.filter((r) => r.success)).toHaveLength(2);
    expect(answers.find((r) => !r.success)!.message).toBe(BatchMsg.capReached('500.00'));
    const statuses = await Promise.all(ids.map(async (id) => (await s.batch(id)).status));
    expect(statuses.filter((st) => st === BatchStatus.toEnforce)).toHaveLength(2);
    expect(statuses.filter((st) => st === BatchStatus.pending)).toHaveLength(1);
  });
});
