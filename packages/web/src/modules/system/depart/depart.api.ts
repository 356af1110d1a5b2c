import { departResource, departRoleResource, type DepartRoleRecord, type DepartTreeNode, type Page, type UserRecord } from '@sbwq/contracts';
import type { GrantTreeAnswer } from '../role/role.api.ts';
import { http, type Query } from '../../../platform/http.ts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';
import { unwrap } from '../../../platform/result.ts';

/** 部门管理 (JEECG-API §3.3, §4.2, §5.7): the tree, the standard writes from the contract, grants and members. */
export const departApi = resourceApi(departResource);
export type DepartAddBody = ResourceBody<typeof departResource>;

export const departTree = () => http.get<DepartTreeNode[]>('/sys/sysDepart/queryTreeList').then(unwrap);
/** searchBy answers success false (未查询匹配数据！) when nothing matches: that is an empty result here. */
export const searchDeparts = (keyWord: string) =>
  http.get<DepartTreeNode[]>('/sys/sysDepart/searchBy', { keyWord }).then((answer) => (answer.success ? answer.result : []));

export const departPermissionIds = (departId: string) => http.get<string[]>('/sys/permission/queryDepartPermission', { departId }).then(unwrap);
export const saveDepartPermission = (departId: string, permissionIds: string[], lastpermissionIds: string[]) =>
  http.post('/sys/permission/saveDepartPermission', { departId, permissionIds: permissionIds.join(','), lastpermissionIds: lastpermissionIds.join(',') });

export const departRoleApi = resourceApi(departRoleResource);
export type DepartRoleBody = ResourceBody<typeof departRoleResource>;
export const deptRoleTree = (departId: string) => http.get<GrantTreeAnswer>('/sys/sysDepartPermission/queryTreeListForDeptRole', { departId }).then(unwrap);
export const deptRolePermissionIds = (roleId: string) => http.get<string[]>('/sys/sysDepartPermission/queryDeptRolePermission', { roleId }).then(unwrap);
export const saveDeptRolePermission = (roleId: string, permissionIds: string[], lastpermissionIds: string[]) =>
  http.post('/sys/sysDepartPermission/saveDeptRolePermission', { roleId, permissionIds: permissionIds.join(','), lastpermissionIds: lastpermissionIds.join(',') });

export const departUsers = (params: Query, signal?: AbortSignal) => http.get<Page<UserRecord>>('/sys/user/departUserList', params, { signal });
export const addDepartUsers = (depId: string, userIdList: string[]) => http.post('/sys/user/editSysDepartWithUser', { depId, userIdList });
export const removeDepartUser = (depId: string, userId: string) => http.delete('/sys/user/deleteUserInDepart', { depId, userId });
export const removeDepartUsers = (depId: string, userIds: string[]) => http.delete('/sys/user/deleteUserInDepartBatch', { depId, userIds: userIds.join(',') });
export const departRolesOf = (departId: string) => http.get<DepartRoleRecord[]>('/sys/sysDepartRole/getDeptRoleList', { departId }).then(unwrap);
export const assignDepartRoles = (userId: string, roleIds: string[]) => http.post('/sys/sysDepartRole/deptRoleUserAdd', { userId, newRoleId: roleIds.join(',') });
