import { roleFlow, roleResource } from '@sbwq/contracts';
import type { Query } from '../../../platform/http.ts';
import { flowApi } from '../../../platform/flowApi.ts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';
import { unwrap } from '../../../platform/result.ts';

/** 角色管理 (JEECG-API §3.2, §3.3, §5.7): the standard calls from the contract, the grant and member calls from its flow. */
export const roleApi = resourceApi(roleResource);
export type RoleBody = ResourceBody<typeof roleResource>;
const role = flowApi(roleFlow);

/** The form's duplicate check words a taken code itself: the failure is not shown again. */
export const checkRoleCode = (roleCode: string, id?: string) => role.checkRoleCode({ roleCode, id }, { silent: true });

export const roleGrantTree = () => role.grantTree(undefined).then(unwrap);
export const rolePermissionIds = (roleId: string) => role.permissionIds({ roleId }).then(unwrap);
export const saveRolePermission = (roleId: string, permissionIds: string[], lastpermissionIds: string[]) =>
  role.savePermissions({ roleId, permissionIds: permissionIds.join(','), lastpermissionIds: lastpermissionIds.join(',') });

export const roleDataRules = (permissionId: string, roleId: string) => role.dataRules({ permissionId, roleId });
export const saveRoleDataRules = (permissionId: string, roleId: string, dataRuleIds: string[]) =>
  role.saveDataRules({ permissionId, roleId, dataRuleIds: dataRuleIds.join(',') });

/** the members of one role, with the list's paging and filters */
export const roleUsers = (roleId: string, params: Query, signal?: AbortSignal) => role.users({ ...params, roleId }, { signal });
export const addRoleUsers = (roleId: string, userIdList: string[]) => role.addUsers({ roleId, userIdList });
export const removeRoleUser = (roleId: string, userId: string) => role.removeUser({ roleId, userId });
export const removeRoleUsers = (roleId: string, userIds: string[]) => role.removeUsers({ roleId, userIds: userIds.join(',') });
