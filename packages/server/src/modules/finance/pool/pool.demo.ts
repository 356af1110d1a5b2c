import { eq } from 'drizzle-orm';
import { PoolStatus, toCents } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { nextCode } from '../../system/fill-rule/fill-rule.service.ts';
import { rightsOrg } from '../../rights/org/org.table.ts';
import { finCapitalPool } from './pool.table.ts';
import { bookMove, LEDGER_MOVES, lockPool } from './pool-ledger.service.ts';

type Step = [days: number, move: keyof typeof LEDGER_MOVES, amount: string, batch: string | null, remark: string];

const AGENCY = '示例知识产权代理有限公司';

/** Three pools in three states, each with a log that adds up to its balances (SEED_DEMO). */
const pools: { name: string; fundSource: string; year: number; status: string; subsidy: string; cap: string; from: string; to: string; steps: Step[] }[] = [
  {
    name: '2026年度商标维权专项资金',
    fundSource: '1',
    year: 2026,
    status: PoolStatus.active,
    subsidy: '3000.00',
    cap: '200000.00',
    from: '2026-01-01',
    to: '2026-12-31',
    steps: [
      [-60, 'deposit', '2000000.00', null, '市财政局年度维权专项拨款'],
      [-45, 'deposit', '500000.00', null, '省知识产权局补助资金'],
      [-30, 'freeze', '120000.00', 'XS20261001001', '线索批次审核通过，冻结核定金额'],
      [-12, 'deduct', '80000.00', 'XS20261001001', '报销单 BX20261110001 付款'],
      [-10, 'release', '40000.00', 'XS20261001001', '批次结案，释放剩余冻结金额'],
      [-6, 'freeze', '60000.00', 'XS20261101002', '线索批次审核通过，冻结核定金额'],
      [-2, 'adjustDown', '1000.00', null, '更正：省局补助到账手续费'],
    ],
  },
  {
    name: '2025年度会员维权互助金',
    fundSource: '2',
    year: 2025,
    status: PoolStatus.settled,
    subsidy: '2000.00',
    cap: '50000.00',
    from: '2025-01-01',
    to: '2025-12-31',
    steps: [
      [-300, 'deposit', '300000.00', null, '会员单位年度会费划入'],
      [-200, 'freeze', '50000.00', 'XS20250601001', '线索批次审核通过，冻结核定金额'],
      [-150, 'deduct', '50000.00', 'XS20250601001', '报销单 BX20250801001 付款'],
      [-20, 'adjustDown', '250000.00', null, '结清核销剩余余额'],
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
    steps: [[-1, 'deposit', '1000000.00', null, '初始入账']],
  },
];

export async function seedPoolDemo(db: Db): Promise<void> {
  const [agency] = await db.select({ id: rightsOrg.id }).from(rightsOrg).where(eq(rightsOrg.orgName, AGENCY));
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
    for (const [i, [days, move, amount, batch, remark]] of p.steps.entries()) {
      await bookMove(db, null, pool, LEDGER_MOVES[move], toCents(amount), {
        opKey: `demo:${id}:${i + 1}`,
        bizRef: batch ? `batch:${batch}` : null,
        bizNo: batch,
        orgId: batch ? (agency?.id ?? null) : null,
        orgName: batch ? AGENCY : null,
        remark,
        at: new Date(now + days * 86_400_000),
      });
    }
    await db.update(finCapitalPool).set({ status: p.status }).where(eq(finCapitalPool.id, id));
  }
}
