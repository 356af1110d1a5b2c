import { orgResource, type approveBody, type OrgCertifyBody, type OrgRecord, type OrgStatusInfo } from '@sbwq/contracts';
import type { z } from 'zod';
import { http } from '../../../platform/http.ts';
import { resourceApi } from '../../../platform/resourceApi.ts';
import { unwrap } from '../../../platform/result.ts';

/** Typed calls of 机构入驻 and 认证 (server: modules/rights/org). */
export type ApproveInput = z.input<typeof approveBody>;

const resource = resourceApi(orgResource);

export const orgApi = {
  /** where the caller stands and what to do next; answers for staff too (nextStep none) */
  status: (signal?: AbortSignal, silent = false) => http.get<OrgStatusInfo>('/rights/org/status', undefined, { signal, silent }).then(unwrap),
  /** the caller's own application, or null before the first save */
  mine: (signal?: AbortSignal) => http.get<OrgRecord | null>('/rights/org/mine', undefined, { signal }).then(unwrap),
  saveEnrol: (body: Record<string, unknown>) => http.post<string>('/rights/org/saveEnrol', body),
  submitEnrol: (body: Record<string, unknown>) => http.post<string>('/rights/org/submitEnrol', body),
  submitCertify: (body: Partial<OrgCertifyBody>) => http.post<null>('/rights/org/submitCertify', body),
  list: resource.list,
  byId: (id: string) => resource.queryById(id).then(unwrap),
  approveEnrol: (body: ApproveInput) => http.post<null>('/rights/org/approveEnrol', body),
  approveCertify: (body: ApproveInput) => http.post<null>('/rights/org/approveCertify', body),
  disable: (id: string, reason?: string) => http.post<null>('/rights/org/disable', { id, reason }),
  enable: (id: string, reason?: string) => http.post<null>('/rights/org/enable', { id, reason }),
};

/** Query keys other screens invalidate after a change of the caller's organisation. */
export const ORG_STATUS_KEY = ['rights', 'org', 'status'] as const;
export const ORG_MINE_KEY = ['rights', 'org', 'mine'] as const;

/** Tag colours of enter_status and certify_status values (DOMAIN.md flows). */
export const ENTER_STATUS_COLORS: Record<string, string> = { '0': 'default', '1': 'processing', '2': 'success', '3': 'error', '4': 'warning' };
export const CERTIFY_STATUS_COLORS: Record<string, string> = { '0': 'default', '1': 'processing', '2': 'success', '3': 'error' };
export const AUDIT_STATUS_COLORS: Record<string, string> = { '0': 'processing', '1': 'success', '2': 'error', '3': 'default' };
