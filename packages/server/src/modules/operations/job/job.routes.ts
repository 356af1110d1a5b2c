import type { FastifyInstance } from 'fastify';
import { DictMsg, Msg, quartzJobAddBody, quartzJobFlow, QuartzJobMsg, quartzJobResource, type QuartzJobRecord } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import { dictValueOf, resourceExcel } from '../../../platform/resource/resource-excel.ts';
import { columnsOf, importColumnsOf } from '../../../platform/excel/excel.ts';
import * as service from './job.service.ts';

const tags = ['定时任务'];

/** The stock QuartzJob's Excel columns; 任务类名 is the stock client's name of one of our jobs, 状态 its text. */
const excel = resourceExcel({
  title: '定时任务信息',
  asciiName: 'quartz-jobs.xlsx',
  columns: columnsOf<QuartzJobRecord>({
    jobClassName: ['任务类名', 50],
    cronExpression: ['cron表达式', 30],
    parameter: '参数',
    description: ['描述', 40],
    status: ['状态', (j) => j.status_dictText],
  }),
  list: service.listJobs,
  importColumns: importColumnsOf({ jobClassName: '*任务类名', cronExpression: '*cron表达式', parameter: '参数', description: '描述', status: '状态' }),
  body: quartzJobAddBody,
  add: service.addJob,
  toBody: async (ctx, values) => ({ ...values, status: await dictValueOf(ctx, 'quartz_status', '状态', values.status) }),
});

export async function jobRoutes(app: FastifyInstance, deps: AppDeps) {
  registerFlow(app, deps, quartzJobFlow, {
    tags,
    docs: {
      execute: {
        description:
          '在本进程立即执行一次，持有任务租约（不会与任何进程的定时执行重叠）；answer result 为这次执行的记录（结果、耗时、错误）。任务正在执行时拒绝。',
      },
      pause: { description: '状态改为 -1（停止），不再有下次执行时间；正在进行的执行照常完成。' },
      resume: { description: '状态改为 0（正常），下次执行时间从现在起按 Cron 表达式计算。' },
    },
    handlers: {
      resume: service.resumeJob,
      pause: service.pauseJob,
      execute: service.executeJobNow,
      runList: service.listRuns,
    },
  });

  registerResource(app, deps, quartzJobResource, {
    tags,
    listResource: service.quartzJobWhitelist,
    service: { ...service.resource, ...excel },
    messages: {
      added: QuartzJobMsg.added,
      edited: QuartzJobMsg.edited,
      deleted: QuartzJobMsg.deleted,
      batchDeleted: QuartzJobMsg.deleted,
      idsRequired: DictMsg.idsRequired,
      queriedById: Msg.ok,
    },
  });
}
