import type { ListParams } from '../../../platform/list/list-query.ts';
import type { ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { answer, type FlowCtx } from '../../../platform/flow/flow-routes.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { splitIds } from '../../../platform/http/ids.ts';
import * as departs from './depart.service.ts';
import * as departRoles from './depart-role.service.ts';

/**
 * The handlers of departFlow, one export per action and named as it, so that the routes register this
 * module as it is. Each reads what its call sends and leaves the work to the department services.
 */

type Grant = { departId?: string; roleId?: string; permissionIds: string };

export const treeList = async ({ db }: ResourceCtx) => departs.buildTree(await departs.activeDeparts(db));

export const idTree = async ({ db }: ResourceCtx) => departs.toIdTree(departs.buildTree(await departs.activeDeparts(db)));

/** searchBy: by name, or only among one's own departments (myDeptSearch=1); nothing found is a refusal, as stock. */
export async function search({ db, user }: ResourceCtx, query: { keyWord: string; myDeptSearch?: string }) {
  const found = await departs.searchDeparts(db, query.keyWord, query.myDeptSearch === '1' ? user.id : null);
  if (!found.length) throw new BizError('未查询匹配数据！');
  return found;
}

/** queryMyDeptTreeList: the message says whether the caller is a superior ("2") or not ("1"). */
export async function myTree({ db, user }: ResourceCtx) {
  const tree = await departs.myDepartTree(db, user.id);
  return tree ? answer(tree, '2') : answer(null, '1');
}

export const permissionIds = ({ db }: ResourceCtx, query: { departId: string }) => departs.departPermissionIds(db, query.departId);

export async function savePermissions({ db, user }: ResourceCtx, body: Grant): Promise<null> {
  if (!body.departId) throw new BizError('缺少部门ID');
  await departs.saveDepartPermissions(db, user, body.departId, splitIds(body.permissionIds));
  return null;
}

export const roleGrantTree = ({ db }: ResourceCtx, query: { departId: string }) => departRoles.departRoleGrantTree(db, query.departId);

export const rolePermissionIds = ({ db }: ResourceCtx, query: { roleId: string }) => departRoles.departRolePermissionIds(db, query.roleId);

export async function saveRolePermissions({ db, request }: FlowCtx, body: Grant): Promise<null> {
  if (!body.roleId) throw new BizError('缺少角色ID');
  await departRoles.saveDepartRolePermissions(db, body.roleId, splitIds(body.permissionIds), request.ip);
  return null;
}

export async function users({ db, deps }: ResourceCtx, query: ListParams) {
  const depId = typeof query.depId === 'string' ? query.depId : '';
  if (!depId) throw new BizError('缺少部门ID');
  return departs.listDepartUsers(db, await deps.dicts.allItems(), query, depId);
}

export const addUsers = ({ db }: ResourceCtx, body: { depId: string; userIdList: string[] }) =>
  departs.addDepartUsers(db, body.depId, body.userIdList).then(() => null);

export const removeUser = ({ db }: ResourceCtx, query: { depId: string; userId: string }) =>
  departs.removeDepartUsers(db, query.depId, [query.userId]).then(() => null);

export const removeUsers = ({ db }: ResourceCtx, query: { depId: string; userIds: string }) =>
  departs.removeDepartUsers(db, query.depId, splitIds(query.userIds)).then(() => null);

export const roles = ({ db }: ResourceCtx, query: { departId: string }) => departRoles.rolesOfDepart(db, query.departId);

export const setUserRoles = ({ db, user }: ResourceCtx, body: { userId: string; newRoleId: string; departId?: string }) =>
  departRoles.setUserDepartRoles(db, user, body.userId, splitIds(body.newRoleId), body.departId).then(() => null);

export const userRoleIds = ({ db }: ResourceCtx, query: { userId: string; departId: string }) =>
  departRoles.userDepartRoleIds(db, query.userId, query.departId);
