import { departFlow, roleFlow, userFlow, userResource } from '@sbwq/contracts';
import { flowApi } from '../../../platform/flowApi.ts';
import { http } from '../../../platform/http.ts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';
import { unwrap } from '../../../platform/result.ts';

/** Typed calls of 用户管理 (JEECG-API §5.7): the standard ones from the contract, then the user's own from its flow. */
export const userApi = resourceApi(userResource);
export type UserBody = ResourceBody<typeof userResource>;
const user = flowApi(userFlow);
/** the pickers of the user form read the roles and the department tree */
const role = flowApi(roleFlow);
const depart = flowApi(departFlow);

export const frozenBatch = (ids: string[], status: 1 | 2) => user.frozenBatch({ ids: ids.join(','), status: `${status}` });

export const changePassword = (body: { username: string; password: string; confirmpassword: string }) => user.changePassword(body);

/** spec §5 duplicate check: the server's message when the value is taken. */
export const checkOnlyUser = (field: 'username' | 'phone' | 'email' | 'workNo', value: string, id?: string) =>
  http.get<boolean>('/sys/user/checkOnlyUser', { [field]: value, id }, { silent: true });

export const roleIdsOf = (userId: string) => user.queryUserRole({ userid: userId }).then((answer) => (answer.success ? answer.result : []));

export const departIdsOf = (userId: string) =>
  user
    .userDepartList({ userId })
    .then(unwrap)
    .then((list) => list.map((d) => d.value));

export const allRoles = () => role.queryall(undefined).then((answer) => (answer.success ? answer.result : []));

export const recycleBin = () => user.recycleBin(undefined).then(unwrap);
export const restoreUsers = (ids: string[]) => user.putRecycleBin({ userIds: ids.join(',') });
export const purgeUsers = (ids: string[]) => user.deleteRecycleBin({ userIds: ids.join(',') });

export const departIdTree = () => depart.idTree(undefined).then(unwrap);
