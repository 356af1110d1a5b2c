import type { FastifyInstance } from 'fastify';
import { userSessionFlow } from '@sbwq/contracts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import * as session from './user-session.service.ts';

/** What a signed-in user does to their own account: password, current department (spec §2 dialogs, §7). */
export async function userSessionRoutes(app: FastifyInstance, deps: AppDeps) {
  registerFlow(app, deps, userSessionFlow, {
    tags: ['当前用户'],
    docs: {
      updatePassword: { description: '校验旧密码；新密码与确认密码必须一致；成功后吊销本人其他会话。' },
      currentDeparts: { description: 'result.list 为部门列表，result.orgCode 为当前部门编码。' },
      selectDepart: { description: '只能切换到本人所属的部门；result.userInfo 为更新后的用户。' },
    },
    // user-session.service.ts exports one function per action, under the action's name
    handlers: session,
  });
}
