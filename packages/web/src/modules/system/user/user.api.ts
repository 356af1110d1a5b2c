import { userResource, type RoleRecord, type UserRecord } from '@sbwq/contracts';
import { http } from '../../../platform/http.ts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';
import { unwrap } from '../../../platform/result.ts';

/** Typed calls of 用户管理 (JEECG-API §5.7): the standard ones from the contract, then the user's own. */
export const userApi = resourceApi(userResource);
export type UserBody = ResourceBody<typeof userResource>;

export const frozenBatch = (ids: string[], status: 1 | 2) => http.put('/sys/user/frozenBatch', { ids: ids.join(','), status: String(status) });

export const changePassword = (body: { username: string; password: string; confirmpassword: string }) => http.put('/sys/user/changePassword', body);

/** spec §5 duplicate check: the server's message when the value is taken. */
export const checkOnlyUser = (field: 'username' | 'phone' | 'email' | 'workNo', value: string, id?: string) =>
  http.get<boolean>('/sys/user/checkOnlyUser', { [field]: value, id }, { silent: true });

export const roleIdsOf = (userId: string) => http.get<string[]>('/sys/user/queryUserRole', { userid: userId }).then((answer) => (answer.success ? answer.result : []));

export const departIdsOf = (userId: string) =>
  http.get<{ key: string; value: string; title: string }[]>('/sys/user/userDepartList', { userId }).then(unwrap).then((list) => list.map((d) => d.value));

export const allRoles = () => http.get<RoleRecord[]>('/sys/role/queryall').then((answer) => (answer.success ? answer.result : []));

export const recycleBin = () => http.get<UserRecord[]>('/sys/user/recycleBin').then(unwrap);
export const restoreUsers = (ids: string[]) => http.put('/sys/user/putRecycleBin', { userIds: ids.join(',') });
export const purgeUsers = (ids: string[]) => http.delete('/sys/user/deleteRecycleBin', { userIds: ids.join(',') });

export type IdTreeNode = { key: string; value: string; title: string; children?: IdTreeNode[] };
export const departIdTree = () => http.get<IdTreeNode[]>('/sys/sysDepart/queryIdTree').then(unwrap);
