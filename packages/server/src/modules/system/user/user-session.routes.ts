import type { FastifyInstance } from 'fastify';
import { isStrongPassword, Msg, PASSWORD_RULE_MESSAGE, userSessionFlow } from '@sbwq/contracts';
import { BizError } from '../../../platform/http/envelope.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import { verifyPassword } from '../../../platform/auth/password.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { departsOfUser, findUserById, setCurrentOrgCode, setOwnPassword, toDepart, toUserInfo } from './user.service.ts';

const tags = ['当前用户'];

/** What a signed-in user does to their own account: password, current department (spec §2 dialogs, §7). */
export async function userSessionRoutes(app: FastifyInstance, deps: AppDeps) {
  registerFlow(app, deps, userSessionFlow, {
    tags,
    docs: {
      updatePassword: { description: '校验旧密码；新密码与确认密码必须一致；成功后吊销本人其他会话。' },
      currentDeparts: { description: 'result.list 为部门列表，result.orgCode 为当前部门编码。' },
      selectDepart: { description: '只能切换到本人所属的部门；result.userInfo 为更新后的用户。' },
    },
    handlers: {
      updatePassword: async ({ db, user: me }, body) => {
        if (body.username && body.username !== me.username) throw new BizError('只能修改当前登录用户的密码');
        if (body.password !== body.confirmpassword) throw new BizError(Msg.passwordsDifferServer);
        if (!isStrongPassword(body.password)) throw new BizError(PASSWORD_RULE_MESSAGE);
        const user = await findUserById(db, me.id);
        if (!user) throw new BizError(Msg.userNotFound);
        if (!(await verifyPassword(user.password, body.oldpassword, user.username))) throw new BizError(Msg.oldPasswordWrong);
        await setOwnPassword(db, me, body.password);
        return null;
      },
      currentDeparts: async ({ db, user: me }) => {
        const departs = await departsOfUser(db, me.id);
        const user = await findUserById(db, me.id);
        return { list: departs.map(toDepart), orgCode: user?.orgCode ?? null };
      },
      selectDepart: async ({ db, user: me }, { orgCode, username }) => {
        if (username && username !== me.username) throw new BizError(Msg.departNotMine);
        const departs = await departsOfUser(db, me.id);
        if (!departs.some((d) => d.orgCode === orgCode)) throw new BizError(Msg.departNotMine);
        await setCurrentOrgCode(db, me.id, orgCode);
        const user = await findUserById(db, me.id);
        return { userInfo: toUserInfo(user!) };
      },
    },
  });
}
