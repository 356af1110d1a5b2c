import type { z } from 'zod';
import { isStrongPassword, Msg, PASSWORD_RULE_MESSAGE, type selectDepartBody, type updatePasswordBody } from '@sbwq/contracts';
import { verifyPassword } from '../../../platform/auth/password.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import type { ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { departsOfUser, findUserById, setCurrentOrgCode, setOwnPassword, toDepart, toUserInfo } from './user.service.ts';

/** Only one's own password, with the old one; the other sessions end. */
export async function updatePassword({ db, user: me }: ResourceCtx, body: z.output<typeof updatePasswordBody>): Promise<null> {
  if (body.username && body.username !== me.username) throw new BizError('只能修改当前登录用户的密码');
  if (body.password !== body.confirmpassword) throw new BizError(Msg.passwordsDifferServer);
  if (!isStrongPassword(body.password)) throw new BizError(PASSWORD_RULE_MESSAGE);
  const user = await findUserById(db, me.id);
  if (!user) throw new BizError(Msg.userNotFound);
  if (!(await verifyPassword(user.password, body.oldpassword, user.username))) throw new BizError(Msg.oldPasswordWrong);
  await setOwnPassword(db, me, body.password);
  return null;
}

export async function currentDeparts({ db, user: me }: ResourceCtx) {
  const departs = await departsOfUser(db, me.id);
  const user = await findUserById(db, me.id);
  return { list: departs.map(toDepart), orgCode: user?.orgCode ?? null };
}

/** Only to a department of one's own; answers the user as it now is. */
export async function selectDepart({ db, user: me }: ResourceCtx, { orgCode, username }: z.output<typeof selectDepartBody>) {
  if (username && username !== me.username) throw new BizError(Msg.departNotMine);
  const departs = await departsOfUser(db, me.id);
  if (!departs.some((d) => d.orgCode === orgCode)) throw new BizError(Msg.departNotMine);
  await setCurrentOrgCode(db, me.id, orgCode);
  const user = await findUserById(db, me.id);
  return { userInfo: toUserInfo(user!) };
}
