import { and, asc, desc, eq, gt, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { BATCH_POOL_OPTIONS_PATH, BatchPerm, PoolStatus, type BatchPoolOption } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { ok } from '../../../platform/http/envelope.ts';
import { finCapitalPool } from '../../finance/pool/pool.table.ts';

/** The pools a batch may apply to (contracts `batch-pools.ts`): 启用, with a 单件补贴标准; newest year first. */
export async function batchPoolRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    BATCH_POOL_OPTIONS_PATH,
    { config: { permission: BatchPerm.add }, schema: { tags: ['线索批次'], summary: '可申请的资金池（启用且设置了单件补贴标准），供批次表单选择' } },
    async () => {
      const pools = await deps.db
        .select({ id: finCapitalPool.id, poolName: finCapitalPool.poolName, poolYear: finCapitalPool.poolYear, subsidyPerCase: finCapitalPool.subsidyPerCase, orgCap: finCapitalPool.orgCap, validTo: finCapitalPool.validTo })
        .from(finCapitalPool)
        .where(and(eq(finCapitalPool.status, PoolStatus.active), isNotNull(finCapitalPool.subsidyPerCase), gt(finCapitalPool.subsidyPerCase, '0')))
        .orderBy(desc(finCapitalPool.poolYear), asc(finCapitalPool.poolName));
      return ok<BatchPoolOption[]>(pools as BatchPoolOption[]);
    },
  );
}
