import { claimFlow, claimResource, type ClaimRecord, type claimPayBody, type claimPayFailedBody, type claimReviewBody } from '@sbwq/contracts';
import type { z } from 'zod';
import { flowApi } from '../../../platform/flowApi.ts';
import type { Query } from '../../../platform/http.ts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';
import { unwrap } from '../../../platform/result.ts';

/** Typed calls of 报销单 and 付款 (server: modules/finance/claim). */
export type ClaimBody = ResourceBody<typeof claimResource>;
export type ClaimReviewInput = z.input<typeof claimReviewBody>;
export type ClaimPayInput = z.input<typeof claimPayBody>;
export type ClaimPayFailedInput = z.input<typeof claimPayFailedBody>;

const resource = resourceApi(claimResource);
const flow = flowApi(claimFlow);

/** The resource's and the flow's calls, and the reads the screens unwrap (the names they use). */
export const claimApi = {
  ...resource,
  ...flow,
  byId: (id: string) => resource.queryById(id).then(unwrap),
  /** the caller organisation's batches a claim may name (维权中 / 已结案 with money frozen) */
  batchOptions: (signal?: AbortSignal) => flow.batchOptions(undefined, { signal }).then(unwrap),
  /** the caller organisation's approved bank accounts */
  bankOptions: (signal?: AbortSignal) => flow.bankOptions(undefined, { signal }).then(unwrap),
  progress: (id: string, signal?: AbortSignal) => flow.progress({ id }, { signal }).then(unwrap),
  payments: (claimId: string, signal?: AbortSignal) => flow.paymentRecords({ claimId }, { signal }).then(unwrap),
  /** 付款管理: the claims 待付款, 付款失败 and 已付款 */
  paymentList: (params: Query, signal?: AbortSignal) => flow.paymentList(params, { signal }),
  batchMoney: (batchId: string, signal?: AbortSignal) => flow.batchSummary({ batchId }, { signal }).then(unwrap),
};

export const CLAIM_LIST_KEY = 'finance-claim';
export const PAYMENT_LIST_KEY = 'finance-payment';
/** Query keys of one claim and its parts; a change refreshes them all. */
export const claimKey = (id: string, part?: string) => (part ? ['finance', 'claim', id, part] : ['finance', 'claim', id]);

/** claim_status colours: waiting blue, paid green, refused red, sent back orange. */
export const CLAIM_STATUS_COLORS: Record<ClaimRecord['status'], string> = {
  '1': 'default',
  '2': 'processing',
  '3': 'purple',
  '4': 'cyan',
  '5': 'success',
  '6': 'error',
  '7': 'red',
  '8': 'warning',
};
