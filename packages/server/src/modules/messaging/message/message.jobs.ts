import type { JobHandlers } from '../../operations/job/job.runner.ts';
import { deliverDue } from './message.service.ts';

export const messageJobs: JobHandlers = {
  messageSend: async ({ deps, params }) => {
    const r = await deliverDue(deps, params.batch);
    return `投递消息 ${r.tried} 条：成功 ${r.sent} 条，失败 ${r.failed} 条`;
  },
};
