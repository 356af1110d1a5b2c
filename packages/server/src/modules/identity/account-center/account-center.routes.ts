import type { FastifyInstance } from 'fastify';
import { accountFlow } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import { saveNoticePrefs } from '../../core/notice/notice-pref.ts';
import { clientOf } from '../../operations/log/log.service.ts';
import { smsDepsOf } from '../sms/sms.service.ts';
import { changeEmail, changePhone, sendPhoneCode } from './account-security.service.ts';
import { accountCenter, listSessions, revokeMyOtherSessions, revokeMySession, saveCustom, saveProfile, settingsOf } from './account-center.service.ts';

/** 个人中心 and 账户设置 (issue #27): every call reads or changes the caller's own account only. */
export async function accountCenterRoutes(app: FastifyInstance, deps: AppDeps) {
  const sms = smsDepsOf(app, deps);
  registerFlow(app, deps, accountFlow, {
    tags: ['个人中心'],
    docs: {
      sessions: { description: '本人未注销、未过期的会话；id 是注销用的句柄（不是令牌），current 标出当前会话。' },
      revokeSession: { description: '只在本人的会话中查找该句柄：他人的会话与当前会话都被拒绝；被注销的令牌在下一次请求时失效。' },
      saveNotice: { description: 'muted 列出不实时推送（WebSocket）的消息类型；消息仍全部进入通知列表。' },
      saveProfile: { description: 'realname、avatar；email 只能原样带回，新邮箱经 email/change 验证当前密码后修改。' },
      sendPhoneCode: {
        description:
          'smsmode 3 的验证码发到新手机号 mobile，绑定当前用户。不需要图片验证码，但与 /sys/sms 同样限频：同一手机号 60 秒一次、每小时 5 次，同一地址每小时 20 次，同一账号每小时 5 次。新手机号与当前相同或已属于其他账号时拒绝。',
      },
      changePhone: {
        description:
          'phone 与发到该手机号的 smsmode 3 验证码 smscode：5 分钟内有效、只能使用一次、只对本人有效，错误 5 次作废；其他用途的验证码（登录、找回密码）无效。成功后给本人发系统消息，result.userInfo 为更新后的用户。',
      },
      changeEmail: {
        description:
          'email 与当前密码 password（错误时回答“当前密码输入错误!”）；邮箱已属于其他账号时拒绝。成功后给本人发系统消息，result.userInfo 为更新后的用户。',
      },
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
      sendPhoneCode: ({ user, request }, { mobile }) => sendPhoneCode(sms, user, mobile, clientOf(request)).then(() => null),
      changePhone: ({ db, user }, body) => changePhone(db, deps.sockets, user, body),
      changeEmail: ({ db, user }, body) => changeEmail(db, deps.sockets, user, body),
    },
  });
}
