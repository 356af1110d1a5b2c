import { thirdBindingFlow } from '@sbwq/contracts';
import { flowApi } from '../../../platform/flowApi.ts';

/** 账号绑定's calls; apart from `sso.api.ts`, whose plain calls the login page loads without the flow's schemas. */
export const thirdBindingApi = flowApi(thirdBindingFlow);
