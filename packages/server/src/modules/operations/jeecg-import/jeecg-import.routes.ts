import type { FastifyInstance } from 'fastify';
import { jeecgImportFlow } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import { importStatus, startImport } from './jeecg-import.task.ts';

/** 数据导入 (issue 40): start an import of a JeecgBoot 2.3 database, then poll its progress and report. */
export async function jeecgImportRoutes(app: FastifyInstance, deps: AppDeps) {
  registerFlow(app, deps, jeecgImportFlow, {
    tags: ['数据导入'],
    docs: {
      start: { description: '连接源库并确认是 JeecgBoot 库后立即返回任务编号；密码只用于本次导入，不保存、不返回。同一时间只能有一个导入。' },
    },
    handlers: {
      start: (c, body) => startImport(c, body, (error) => c.request.log.error({ err: error }, 'JeecgBoot 导入失败')),
      status: (c, query) => importStatus(c, query.id),
    },
  });
}
