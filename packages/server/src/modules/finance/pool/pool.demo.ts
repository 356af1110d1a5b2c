import { eq } from 'drizzle-orm';
import { PoolStatus, toCents, type PoolStatusValue } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { nextCode } from '../../config/fill-rule/fill-rule.service.ts';
import { finCapitalPool } from '../../core/ledger/pool.table.ts';
import { bookMove, LEDGER_MOVES, lockPool } from '../../core/ledger/pool-ledger.service.ts';

type Step = [days: number, move: 'deposit' | 'adjustDown', amount: string, remark: string];

/**
 * Three pools in three states, each with a log that adds up to its balances (SEED_DEMO). Only money
 * from outside is booked here, each move on its own day; freezes, releases and payments come from the
 * demo batches and claims that hold them (booked by claim.demo.ts), so every business number in the
 * log names a record that exists.
 */
const pools: {
  name: string;
  fundSource: string;
  year: number;
  status: PoolStatusValue;
  subsidy: string;
  cap: string;
  from: string;
  to: string;
  steps: Step[];
}[] = [
  {
    name: '2026年度商标维权专项资金',
    fundSource: '1',
    year: 2026,
    status: PoolStatus.active,
    subsidy: '3000.00',
    cap: '200000.00',
    from: '2026-01-01',
    to: '2026-12-31',
    // before the demo batches' first approval (batch.demo.ts), whose freezes the claim demo books in time order after these
    steps: [
      [-325, 'deposit', '2000000.00', '市财政局年度维权专项拨款'],
      [-318, 'deposit', '500000.00', '省知识产权局补助资金'],
      [-316, 'adjustDown', '1000.00', '更正：省局补助到账手续费'],
    ],
  },
  {
    name: '2025年度会员维权互助金',
    fundSource: '2',
    year: 2025,
    status: PoolStatus.paused,
    subsidy: '2000.00',
    cap: '50000.00',
    from: '2025-01-01',
    to: '2025-12-31',
    // last year's fund: its money came in during its own year
    steps: [
      [-640, 'deposit', '300000.00', '会员单位年度会费划入'],
      [-450, 'adjustDown', '20000.00', '退回会员单位多缴会费'],
    ],
  },
  {
    name: '2027年度平台合作维权基金',
    fundSource: '4',
    year: 2027,
    status: PoolStatus.preparing,
    subsidy: '2500.00',
    cap: '100000.00',
    from: '2027-01-01',
    to: '2027-12-31',
    steps: [[-1, 'deposit', '1000000.00', '初始入账']],
  },
];

export async function seedPoolDemo(db: Db): Promise<void> {
  const now = Date.now();
  for (const p of pools) {
    const id = newId();
    const created = new Date(now + (p.steps[0][0] - 1) * 86_400_000);
    await db.insert(finCapitalPool).values({
      id,
      poolCode: await nextCode(db, 'pool_code'),
      poolName: p.name,
      fundSource: p.fundSource,
      poolYear: p.year,
      subsidyPerCase: p.subsidy,
      orgCap: p.cap,
      validFrom: p.from,
      validTo: p.to,
      status: PoolStatus.preparing,
      createBy: 'finance',
      createTime: created,
    });
    const pool = await lockPool(db, id);
    for (const [i, [days, move, amount, remark]] of p.steps.entries()) {
      await bookMove(db, null, pool, LEDGER_MOVES[move], toCents(amount), {
        opKey: `demo:${id}:${i + 1}`,
        remark,
        at: new Date(now + days * 86_400_000 - ((i * 97) % 300) * 60_000),
        by: 'finance',
      });
    }
    await db.update(finCapitalPool).set({ status: p.status }).where(eq(finCapitalPool.id, id));
  }
}
