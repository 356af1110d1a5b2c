import { capitalPoolResource, poolFlow, poolLogResource } from '@sbwq/contracts';
import { flowApi } from '../../../platform/flowApi.ts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';

export const POOL_LIST_KEY = 'finance-capital-pool';
export const POOL_LOG_LIST_KEY = 'finance-capital-pool-log';

/** 资金池: the standard resource calls and its flow's (status actions, 入账 / 调整, 对账). */
export const poolApi = { ...resourceApi(capitalPoolResource), ...flowApi(poolFlow) };
export type PoolBody = ResourceBody<typeof capitalPoolResource>;

export const poolLogApi = resourceApi(poolLogResource);

/** A fresh key per opened dialog: a double click or a resend of the same dialog books once. */
export const newRequestKey = () => `w${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;

export const POOL_STATUS_COLORS: Record<string, string> = { '1': 'default', '2': 'green', '3': 'orange', '4': 'blue' };

/** Shared with every screen that shows money (platform/format.ts). */
