import { rightFlow, rightResource } from '@sbwq/contracts';
import { flowApi } from '../../../platform/flowApi.ts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';
import { unwrap } from '../../../platform/result.ts';

/** Typed calls of 受保护权利 (server: modules/rights/right). */
export type RightBodyInput = ResourceBody<typeof rightResource>;

const resource = resourceApi(rightResource);

export const rightApi = {
  ...resource,
  ...flowApi(rightFlow),
  byId: (id: string) => resource.queryById(id).then(unwrap),
};

export const RIGHT_LIST_KEY = 'rights-right';

/** Tag colours of the derived flags (DOMAIN.md: 即将到期, 宽展期, 已过期, 授权过期). */
export const FLAG_COLORS: Record<string, string> = { 即将到期: 'orange', 宽展期: 'volcano', 已过期: 'red', 授权过期: 'magenta' };

/** `expiryFlag` filter values with their texts. */
export const EXPIRY_FLAG_OPTIONS = [
  { value: 'expiringSoon', label: '即将到期（12个月内）' },
  { value: 'inGracePeriod', label: '宽展期' },
  { value: 'expired', label: '已过期' },
  { value: 'authExpired', label: '授权过期' },
];
