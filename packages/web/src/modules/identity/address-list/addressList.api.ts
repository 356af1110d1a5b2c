import { addressListFlow } from '@sbwq/contracts';
import { flowApi } from '../../../platform/flowApi.ts';
import type { Query } from '../../../platform/http.ts';

const flow = flowApi(addressListFlow);

/** 通讯录 (GET /sys/user/queryByOrgCodeForAddressList): active users' contact details by department. */
export const addressListApi = { list: (params: Query, signal?: AbortSignal) => flow.list(params, { signal }) };
