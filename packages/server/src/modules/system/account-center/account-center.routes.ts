import type { FastifyInstance } from 'fastify';
import { accountFlow } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import { saveNoticePrefs } from '../../core/notice/notice-pref.ts';
import { accountCenter, listSessions, revokeMyOtherSessions, revokeMySession, saveCustom, saveProfile, settingsOf } from './account-center.service.ts';

/** 个人中心 and 账户设置 (issue #27): every call reads or changes the caller's own account only. */
export async function accountCenterRoutes(app: FastifyInstance, deps: AppDeps) {
  registerFlow(app, deps, accountFlow, {
    tags: ['个人中心'],
    docs: {
      sessions: { description: '本人未注销、未过期的会话；id 是注销用的句柄（不是令牌），current 标出当前会话。' },
      revokeSession: { description: '只在本人的会话中查找该句柄：他人的会话与当前会话都被拒绝；被注销的令牌在下一次请求时失效。' },
      saveNotice: { description: 'muted 列出不实时推送（WebSocket）的消息类型；消息仍全部进入通知列表。' },
    },
    handlers: {
      center: ({ db, user }) => accountCenter(db, deps.dicts, user),
      saveProfile: ({ db, user }, body) => saveProfile(db, user, body),
      sessions: ({ db, user }) => listSessions(db, deps.policy, user),
      revokeSession: ({ db, user }, { id }) => revokeMySession(db, deps.policy, user, id).then(() => null),
      revokeOthers: async ({ db, user }) => ({ count: await revokeMyOtherSessions(db, user) }),
      settings: ({ db, user }) => settingsOf(db, user.id),
      saveNotice: ({ db, user }, body) => saveNoticePrefs(db, user.id, body).then(() => null),
      saveCustom: ({ db, user }, body) => saveCustom(db, user.id, body).then(() => null),
    },
  });
}
