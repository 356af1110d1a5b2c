import { myPermissionFlow, userSessionFlow } from '@sbwq/contracts';
import { flowApi } from './flowApi.ts';

/** The session's and the permissions' flow calls; `auth.api.ts` loads this module on the first call. */
export const sessionApi = flowApi(userSessionFlow);
export const permissionApi = flowApi(myPermissionFlow);
