import { chinaToday } from '@sbwq/contracts';
import type { JobHandlers } from '../../operations/job/job.runner.ts';
import { releaseExpiredBatches } from './batch-expiry.service.ts';

/**
 * 结案报销期满解冻: the money a closed batch still holds past its 报销申请期限 (DOMAIN.md claim flow)
 * goes back to the pool, so the pool's 余额 is true and the pool can be settled at its end.
 */
export const batchJobs: JobHandlers = {
  closedBatchRelease: async ({ db, deps }) => releaseExpiredBatches(db, deps.sockets, chinaToday()),
};
