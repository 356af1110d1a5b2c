import { BizError } from '../../../platform/http/envelope.ts';
import { splitIds } from '../../../platform/http/ids.ts';
import { newId } from '../../../platform/db/ids.ts';
import type { ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import * as users from './user.admin.service.ts';

/**
 * The handlers of userFlow, one export per action and named as it, so that the routes register this
 * module as it is. User lists answer the dictionary texts (sex, status) of today's dictionaries.
 */

const dicts = (ctx: ResourceCtx) => ctx.deps.dicts.allItems();

export const queryByIds = async (ctx: ResourceCtx, query: { userIds: string }) => users.usersByIds(ctx.db, await dicts(ctx), splitIds(query.userIds));

/** 冻结 / 解冻: status 1 正常, 2 冻结; a frozen user's sessions end. */
export const frozenBatch = ({ db, user }: ResourceCtx, body: { ids: string; status: number }) =>
  users.setStatus(db, user, splitIds(body.ids), body.status).then(() => null);

export async function changePassword(
  { db, user }: ResourceCtx,
  { username, password, confirmpassword }: { username: string; password: string; confirmpassword?: string },
) {
  if (confirmpassword !== undefined && confirmpassword !== password) throw new BizError('两次输入的密码不一样！');
  await users.resetPassword(db, user, username, password);
  return null;
}

export const queryUserRole = ({ db }: ResourceCtx, query: { userid: string }) => users.roleIdsOf(db, query.userid);

export const queryUserRoleCode = ({ db, user }: ResourceCtx) => users.roleCodesOf(db, user.id);

/** The stock 新增用户 asks for an id before 选择部门; the add generates its own, so this one is only a fresh value. */
export const generateUserId = async () => newId();

export const userDepartList = ({ db }: ResourceCtx, query: { userId: string }) => users.departOptionsOf(db, query.userId);

export const queryUserByDepId = async (ctx: ResourceCtx, query: { id: string; realname?: string }) =>
  users.usersOfDepart(ctx.db, await dicts(ctx), query.id, query.realname);

export const recycleBin = async (ctx: ResourceCtx) => users.recycleBin(ctx.db, await dicts(ctx));

export const putRecycleBin = ({ db, user }: ResourceCtx, body: { userIds: string }) => users.restoreUsers(db, user, splitIds(body.userIds)).then(() => null);

export const deleteRecycleBin = ({ db, user }: ResourceCtx, query: { userIds: string }) => users.purgeUsers(db, user, splitIds(query.userIds)).then(() => null);
