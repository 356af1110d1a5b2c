import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { isStrongPassword, Msg, PASSWORD_RULE_MESSAGE, selectDepartBody, updatePasswordBody } from '@sbwq/contracts';
import { BizError, ok } from '../../../platform/http/envelope.ts';
import { hashPassword, verifyPassword } from '../../../platform/auth/password.ts';
import { revokeOtherSessions } from '../../../platform/auth/session.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { sysUser } from './user.table.ts';
import { departsOfUser, findUserById, setCurrentOrgCode, toDepart, toUserInfo } from './user.service.ts';

const tags = ['当前用户'];

/** What a signed-in user does to their own account: password, current department (spec §2 dialogs, §7). */
export async function userSessionRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.route({
    method: ['PUT', 'POST'],
    url: '/sys/user/updatePassword',
    config: { signedIn: true },
    schema: {
      tags,
      summary: '修改本人密码',
      description: '校验旧密码；新密码与确认密码必须一致；成功后吊销本人其他会话。',
      body: updatePasswordBody,
    },
    handler: async (request) => {
      const me = request.user!;
      const body = request.body;
      if (body.username && body.username !== me.username) throw new BizError('只能修改当前登录用户的密码');
      if (body.password !== body.confirmpassword) throw new BizError(Msg.passwordsDifferServer);
      if (!isStrongPassword(body.password)) throw new BizError(PASSWORD_RULE_MESSAGE);
      const user = await findUserById(db, me.id);
      if (!user) throw new BizError(Msg.userNotFound);
      if (!(await verifyPassword(user.password, body.oldpassword))) throw new BizError(Msg.oldPasswordWrong);
      const hash = await hashPassword(body.password);
      await db.update(sysUser).set({ password: hash, passwordChangedAt: new Date(), updateBy: me.username, updateTime: new Date() }).where(eq(sysUser.id, me.id));
      await revokeOtherSessions(db, me.id, me.tokenHash);
      return ok(null, Msg.passwordChanged, 200);
    },
  });

  r.get(
    '/sys/user/getCurrentUserDeparts',
    { config: { signedIn: true }, schema: { tags, summary: '本人所属部门', description: 'result.list 为部门列表，result.orgCode 为当前部门编码。' } },
    async (request) => {
      const me = request.user!;
      const departs = await departsOfUser(db, me.id);
      const user = await findUserById(db, me.id);
      return ok({ list: departs.map(toDepart), orgCode: user?.orgCode ?? null }, Msg.ok, 200);
    },
  );

  r.route({
    method: ['PUT', 'POST'],
    url: '/sys/selectDepart',
    config: { signedIn: true },
    schema: { tags, summary: '切换当前部门', description: '只能切换到本人所属的部门；result.userInfo 为更新后的用户。', body: selectDepartBody },
    handler: async (request) => {
      const me = request.user!;
      const { orgCode, username } = request.body;
      if (username && username !== me.username) throw new BizError(Msg.departNotMine);
      const departs = await departsOfUser(db, me.id);
      if (!departs.some((d) => d.orgCode === orgCode)) throw new BizError(Msg.departNotMine);
      await setCurrentOrgCode(db, me.id, orgCode);
      const user = await findUserById(db, me.id);
      return ok({ userInfo: toUserInfo(user!) }, Msg.ok, 200);
    },
  });
}
