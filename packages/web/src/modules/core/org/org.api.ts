import { orgCertifyFlow, orgFlow, orgResource, type approveBody } from '@sbwq/contracts';
import type { z } from 'zod';
import { flowApi } from '../../../platform/flowApi.ts';
import { resourceApi } from '../../../platform/resourceApi.ts';
import { unwrap } from '../../../platform/result.ts';

/** Typed calls of 机构入驻 and 认证 (server: modules/rights/org). */
export type ApproveInput = z.input<typeof approveBody>;

const resource = resourceApi(orgResource);
const enrolment = flowApi(orgFlow);
const certification = flowApi(orgCertifyFlow);

export const orgApi = {
  ...enrolment,
  ...certification,
  /** where the caller stands and what to do next; answers for staff too (nextStep none) */
  status: (signal?: AbortSignal, silent = false) => enrolment.status(undefined, { signal, silent }).then(unwrap),
  /** the caller's own application, or null before the first save */
  mine: (signal?: AbortSignal) => enrolment.mine(undefined, { signal }).then(unwrap),
  list: resource.list,
  byId: (id: string) => resource.queryById(id).then(unwrap),
};

/** Query keys other screens invalidate after a change of the caller's organisation. */
export const ORG_STATUS_KEY = ['rights', 'org', 'status'] as const;
export const ORG_MINE_KEY = ['rights', 'org', 'mine'] as const;

/** Tag colours of enter_status and certify_status values (DOMAIN.md flows). */
export const ENTER_STATUS_COLORS: Record<string, string> = { '0': 'default', '1': 'processing', '2': 'success', '3': 'error', '4': 'warning' };
export const CERTIFY_STATUS_COLORS: Record<string, string> = { '0': 'default', '1': 'processing', '2': 'success', '3': 'error' };
export const AUDIT_STATUS_COLORS: Record<string, string> = { '0': 'processing', '1': 'success', '2': 'error', '3': 'default' };
