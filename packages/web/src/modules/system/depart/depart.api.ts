import type { DepartBody, DepartTreeNode, Page, UserRecord } from '@sbwq/contracts';
import type { GrantTreeAnswer } from '../role/role.api.ts';
import { http, type Query } from '../../../platform/http.ts';
import { unwrap } from '../../../platform/result.ts';

/** Typed calls of 部门管理 (JEECG-API §3.3, §4.2, §5.7). */
export const departTree = () => http.get<DepartTreeNode[]>('/sys/sysDepart/queryTreeList').then(unwrap);
/** searchBy answers success false (未查询匹配数据！) when nothing matches: that is an empty result here. */
export const searchDeparts = (keyWord: string) =>
  http.get<DepartTreeNode[]>('/sys/sysDepart/searchBy', { keyWord }).then((answer) => (answer.success ? answer.result : []));
export const addDepart = (body: Partial<DepartBody>) => http.post<string>('/sys/sysDepart/add', body);
export const editDepart = (body: Partial<DepartBody>) => http.put('/sys/sysDepart/edit', body);
export const deleteDepart = (id: string) => http.delete('/sys/sysDepart/delete', { id });

export const departPermissionIds = (departId: string) => http.get<string[]>('/sys/permission/queryDepartPermission', { departId }).then(unwrap);
export const saveDepartPermission = (departId: string, permissionIds: string[], lastpermissionIds: string[]) =>
  http.post('/sys/permission/saveDepartPermission', { departId, permissionIds: permissionIds.join(','), lastpermissionIds: lastpermissionIds.join(',') });

export type DepartRole = { id: string; departId: string; roleName: string; roleCode: string; description: string | null; createTime: string | null };
export type DepartRoleBody = { id?: string; departId: string; roleName: string; roleCode: string; description?: string | null };
export const departRoleApi = {
  list: (params: Query, signal?: AbortSignal) => http.get<Page<DepartRole>>('/sys/sysDepartRole/list', params, { signal }),
  add: (body: DepartRoleBody) => http.post('/sys/sysDepartRole/add', body),
  edit: (body: DepartRoleBody) => http.put('/sys/sysDepartRole/edit', body),
  remove: (role: DepartRole) => http.delete('/sys/sysDepartRole/delete', { id: role.id }),
  removeBatch: (ids: string[]) => http.delete('/sys/sysDepartRole/deleteBatch', { ids: ids.join(',') }),
};
export const deptRoleTree = (departId: string) => http.get<GrantTreeAnswer>('/sys/sysDepartPermission/queryTreeListForDeptRole', { departId }).then(unwrap);
export const deptRolePermissionIds = (roleId: string) => http.get<string[]>('/sys/sysDepartPermission/queryDeptRolePermission', { roleId }).then(unwrap);
export const saveDeptRolePermission = (roleId: string, permissionIds: string[], lastpermissionIds: string[]) =>
  http.post('/sys/sysDepartPermission/saveDeptRolePermission', { roleId, permissionIds: permissionIds.join(','), lastpermissionIds: lastpermissionIds.join(',') });

export const departUsers = (params: Query, signal?: AbortSignal) => http.get<Page<UserRecord>>('/sys/user/departUserList', params, { signal });
export const addDepartUsers = (depId: string, userIdList: string[]) => http.post('/sys/user/editSysDepartWithUser', { depId, userIdList });
export const removeDepartUser = (depId: string, userId: string) => http.delete('/sys/user/deleteUserInDepart', { depId, userId });
export const removeDepartUsers = (depId: string, userIds: string[]) => http.delete('/sys/user/deleteUserInDepartBatch', { depId, userIds: userIds.join(',') });
export const departRolesOf = (departId: string) => http.get<DepartRole[]>('/sys/sysDepartRole/getDeptRoleList', { departId }).then(unwrap);
export const assignDepartRoles = (userId: string, roleIds: string[]) => http.post('/sys/sysDepartRole/deptRoleUserAdd', { userId, newRoleId: roleIds.join(',') });
