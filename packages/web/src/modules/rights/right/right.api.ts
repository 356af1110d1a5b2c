import type { Page, RightBody, RightRecord } from '@sbwq/contracts';
import { http, type Query } from '../../../platform/http.ts';
import { unwrap } from '../../../platform/result.ts';
import type { ApproveInput } from '../org/org.api.ts';

/** Typed calls of 受保护权利 (server: modules/rights/right). */
export type RightInput = Partial<Record<keyof RightBody, string | null>> & { id?: string };

export const rightApi = {
  list: (params: Query, signal?: AbortSignal) => http.get<Page<RightRecord>>('/rights/right/list', params, { signal }),
  byId: (id: string) => http.get<RightRecord>('/rights/right/queryById', { id }).then(unwrap),
  add: (body: RightInput) => http.post<string>('/rights/right/add', body),
  edit: (body: RightInput) => http.put<null>('/rights/right/edit', body),
  submit: (ids: string[]) => http.post<null>('/rights/right/submit', { ids: ids.join(',') }),
  remove: (id: string) => http.delete<null>('/rights/right/delete', { id }),
  removeBatch: (ids: string[]) => http.delete<null>('/rights/right/deleteBatch', { ids: ids.join(',') }),
  approve: (body: ApproveInput) => http.post<null>('/rights/right/approve', body),
  exportUrl: '/rights/right/exportXls',
  importUrl: '/rights/right/importExcel',
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
