import {
  batchResource,
  BatchPath,
  type ApprovalRecord,
  type BatchClosureBody,
  type BatchClosureReviewBody,
  type BatchItemRecord,
  type BatchImportResult,
  type BatchLogRecord,
  type BatchPoolOption,
  type BatchRightOption,
  type BatchRecord,
  type batchItemsSaveBody,
  type batchProgressBody,
  type batchReviewBody,
  type batchWithdrawBody,
  type Page,
  type ProgressRecord,
} from '@sbwq/contracts';
import type { z } from 'zod';
import { http, type Query } from '../../../platform/http.ts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';
import { unwrap } from '../../../platform/result.ts';

/** Typed calls of 线索批次 (server: modules/rights/batch, routes under `/rights/threaded`). */
export type BatchBody = ResourceBody<typeof batchResource>;

const resource = resourceApi(batchResource);

export const batchApi = {
  ...resource,
  byId: (id: string) => resource.queryById(id).then(unwrap),
  submit: (id: string) => http.post<null>(BatchPath.submit, { id }),
  withdraw: (body: z.input<typeof batchWithdrawBody>) => http.post<null>(BatchPath.withdraw, body),
  review: (body: z.input<typeof batchReviewBody>) => http.post<null>(BatchPath.review, body),
  startEnforce: (id: string) => http.post<null>(BatchPath.startEnforce, { id }),
  applyClosure: (body: BatchClosureBody) => http.post<null>(BatchPath.applyClosure, body),
  closureReview: (body: BatchClosureReviewBody) => http.post<null>(BatchPath.closureReview, body),
  items: (params: Query & { batchId: string }, signal?: AbortSignal) => http.get<Page<BatchItemRecord>>(BatchPath.itemList, params, { signal }).then(unwrap),
  progress: (batchId: string, signal?: AbortSignal) => http.get<ProgressRecord[]>(BatchPath.progressList, { batchId }, { signal }).then(unwrap),
  /** adds, changes (by id) and deletes items; answers the batch with its new 线索数量 / 申请金额 */
  saveItems: (body: z.input<typeof batchItemsSaveBody>) => http.post<BatchRecord>(BatchPath.itemSave, body),
  addProgress: (body: z.input<typeof batchProgressBody>) => http.post<null>(BatchPath.progressAdd, body),
  logs: (batchId: string, signal?: AbortSignal) => http.get<BatchLogRecord[]>(BatchPath.logList, { batchId }, { signal }).then(unwrap),
  /** .xlsx of items: all rows or none; a refused file answers code 201 with each bad row */
  importItems: (batchId: string, file: File) => {
    const data = new FormData();
    data.append('file', file, file.name);
    return http.post<BatchImportResult>(BatchPath.itemImport, data, { params: { batchId }, timeoutMs: 120_000 });
  },
  /** the pools a batch may apply to (启用, with a 单件补贴标准), with what the caller's organisation may still draw */
  poolOptions: (signal?: AbortSignal) => http.get<BatchPoolOption[]>(BatchPath.pools, undefined, { signal }).then(unwrap),
  /** the caller's rights a batch may name: approved, neither expired nor out of authorisation */
  rightOptions: (signal?: AbortSignal) => http.get<BatchRightOption[]>(BatchPath.usableRights, undefined, { signal }).then(unwrap),
  approvals: (batchId: string, signal?: AbortSignal) =>
    http.get<Page<ApprovalRecord>>(BatchPath.approvals, { bizId: batchId, pageNo: 1, pageSize: 100, column: 'approveTime', order: 'asc' }, { signal }).then(unwrap),
};

export type ReviewInput = Omit<z.input<typeof batchReviewBody>, 'id'>;

export const BATCH_LIST_KEY = 'rights-batch';
/** Query keys of one batch's detail and its tabs; a change refreshes them all (`['rights', 'batch', id]`). */
export const batchKey = (id: string, part?: string) => (part ? ['rights', 'batch', id, part] : ['rights', 'batch', id]);

export const batchDetailPath = (id: string) => `/rights/batch/detail/${id}`;

/** Tag colours of threaded_status (DOMAIN.md clue batch flow): waiting blue, working orange, done green, refused red. */
export const BATCH_STATUS_COLORS: Record<BatchRecord['status'], string> = {
  '1': 'default',
  '2': 'processing',
  '3': 'purple',
  '4': 'cyan',
  '5': 'orange',
  '6': 'gold',
  '7': 'success',
  '8': 'error',
  '9': 'default',
  '10': 'warning',
};

/** clue_item_status colours: 待处理, 处理中, 成功, 失败, 不构成侵权, 已撤回 */
export const ITEM_STATUS_COLORS: Record<string, string> = { '1': 'default', '2': 'processing', '3': 'success', '4': 'error', '5': 'purple', '6': 'default' };
