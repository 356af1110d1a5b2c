import { departFlow, departResource, departRoleResource } from '@sbwq/contracts';
import type { Query } from '../../../platform/http.ts';
import { flowApi } from '../../../platform/flowApi.ts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';
import { unwrap } from '../../../platform/result.ts';

/** 部门管理 (JEECG-API §3.3, §4.2, §5.7): the standard writes from the contract, the tree, grants and members from its flow. */
export const departApi = resourceApi(departResource);
export type DepartAddBody = ResourceBody<typeof departResource>;
const depart = flowApi(departFlow);

export const departTree = () => depart.treeList(undefined).then(unwrap);
/** searchBy answers success false (未查询匹配数据！) when nothing matches: that is an empty result here. */
export const searchDeparts = (keyWord: string) => depart.search({ keyWord }).then((answer) => (answer.success ? answer.result : []));

export const departPermissionIds = (departId: string) => depart.permissionIds({ departId }).then(unwrap);
export const saveDepartPermission = (departId: string, permissionIds: string[], lastpermissionIds: string[]) =>
  depart.savePermissions({ departId, permissionIds: permissionIds.join(','), lastpermissionIds: lastpermissionIds.join(',') });

export const departRoleApi = resourceApi(departRoleResource);
export type DepartRoleBody = ResourceBody<typeof departRoleResource>;
export const deptRoleTree = (departId: string) => depart.roleGrantTree({ departId }).then(unwrap);
export const deptRolePermissionIds = (roleId: string) => depart.rolePermissionIds({ roleId }).then(unwrap);
export const saveDeptRolePermission = (roleId: string, permissionIds: string[], lastpermissionIds: string[]) =>
  depart.saveRolePermissions({ roleId, permissionIds: permissionIds.join(','), lastpermissionIds: lastpermissionIds.join(',') });

/** the members of one department (not of its sub-departments), with the list's paging and filters */
export const departUsers = (depId: string, params: Query, signal?: AbortSignal) => depart.users({ ...params, depId }, { signal });
export const addDepartUsers = (depId: string, userIdList: string[]) => depart.addUsers({ depId, userIdList });
export const removeDepartUser = (depId: string, userId: string) => depart.removeUser({ depId, userId });
export const removeDepartUsers = (depId: string, userIds: string[]) => depart.removeUsers({ depId, userIds: userIds.join(',') });
export const departRolesOf = (departId: string) => depart.roles({ departId }).then(unwrap);
export const assignDepartRoles = (userId: string, roleIds: string[]) => depart.setUserRoles({ userId, newRoleId: roleIds.join(',') });
