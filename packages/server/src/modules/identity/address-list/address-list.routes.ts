import type { FastifyInstance } from 'fastify';
import { addressListFlow } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import { addressPage } from './address-list.service.ts';

/** 通讯录: a read-only directory of active users by department (JeecgBoot queryByOrgCodeForAddressList). */
export async function addressListRoutes(app: FastifyInstance, deps: AppDeps) {
  registerFlow(app, deps, addressListFlow, {
    tags: ['通讯录'],
    docs: { list: { description: 'orgCode 为空时查询全部部门；包含下级部门的成员。' } },
    handlers: { list: (c, query) => addressPage(c.db, query) },
  });
}
