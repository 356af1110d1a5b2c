import { roleResource, type DataRuleGrant, type Page, type UserRecord } from '@sbwq/contracts';
import type { GrantNode } from '../../../components/tree/GrantTree.tsx';
import { http, type Query } from '../../../platform/http.ts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';
import { unwrap } from '../../../platform/result.ts';

/** 角色管理 (JEECG-API §3.2, §3.3, §5.7): the standard calls from the contract, the grant and member calls beside them. */
export const roleApi = resourceApi(roleResource);
export type RoleBody = ResourceBody<typeof roleResource>;

export const checkRoleCode = (roleCode: string, id?: string) => http.get<boolean>('/sys/role/checkRoleCode', { roleCode, id }, { silent: true });

export type GrantTreeAnswer = { treeList: GrantNode[]; ids: string[] };
export const roleGrantTree = () => http.get<GrantTreeAnswer>('/sys/role/queryTreeList').then(unwrap);
export const rolePermissionIds = (roleId: string) => http.get<string[]>('/sys/permission/queryRolePermission', { roleId }).then(unwrap);
export const saveRolePermission = (roleId: string, permissionIds: string[], lastpermissionIds: string[]) =>
  http.post('/sys/permission/saveRolePermission', { roleId, permissionIds: permissionIds.join(','), lastpermissionIds: lastpermissionIds.join(',') });

export const roleDataRules = (permissionId: string, roleId: string) => http.get<DataRuleGrant>(`/sys/role/datarule/${encodeURIComponent(permissionId)}/${encodeURIComponent(roleId)}`);
export const saveRoleDataRules = (permissionId: string, roleId: string, dataRuleIds: string[]) =>
  http.post('/sys/role/datarule', { permissionId, roleId, dataRuleIds: dataRuleIds.join(',') });

export const roleUsers = (params: Query, signal?: AbortSignal) => http.get<Page<UserRecord>>('/sys/user/userRoleList', params, { signal });
export const addRoleUsers = (roleId: string, userIdList: string[]) => http.post('/sys/user/addSysUserRole', { roleId, userIdList });
export const removeRoleUser = (roleId: string, userId: string) => http.delete('/sys/user/deleteUserRole', { roleId, userId });
export const removeRoleUsers = (roleId: string, userIds: string[]) => http.delete('/sys/user/deleteUserRoleBatch', { roleId, userIds: userIds.join(',') });
