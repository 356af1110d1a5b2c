import { batchFlow, batchResource, BatchPath, type ApprovalRecord, type batchReviewBody, type BatchRecord, type Page } from '@sbwq/contracts';
import type { z } from 'zod';
import { flowApi } from '../../../platform/flowApi.ts';
import { http, type Query } from '../../../platform/http.ts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';
import { unwrap } from '../../../platform/result.ts';

/** Typed calls of 线索批次 (server: modules/rights/batch, routes under `/rights/threaded`). */
export type BatchBody = ResourceBody<typeof batchResource>;

const resource = resourceApi(batchResource);
const flow = flowApi(batchFlow);

/** The resource's and the flow's calls, and the reads the tabs unwrap (the names the screens use). */
export const batchApi = {
  ...resource,
  ...flow,
  byId: (id: string) => resource.queryById(id).then(unwrap),
  items: (params: Query & { batchId: string }, signal?: AbortSignal) => flow.itemList(params, { signal }).then(unwrap),
  progress: (batchId: string, signal?: AbortSignal) => flow.progressList({ batchId }, { signal }).then(unwrap),
  /** adds, changes (by id) and deletes items; answers the batch with its new 线索数量 / 申请金额 */
  saveItems: flow.itemSave,
  addProgress: flow.progressAdd,
  logs: (batchId: string, signal?: AbortSignal) => flow.logList({ batchId }, { signal }).then(unwrap),
  /** .xlsx of items: all rows or none; a refused file answers code 201 with each bad row */
  importItems: (batchId: string, file: File) => flow.itemImport({ batchId }, file, { timeoutMs: 120_000 }),
  /** the pools a batch may apply to (启用, with a 单件补贴标准), with what the caller's organisation may still draw */
  poolOptions: (signal?: AbortSignal) => flow.pools(undefined, { signal }).then(unwrap),
  /** the caller's rights a batch may name: approved, neither expired nor out of authorisation */
  rightOptions: (signal?: AbortSignal) => flow.usableRights(undefined, { signal }).then(unwrap),
  approvals: (batchId: string, signal?: AbortSignal) =>
    http
      .get<Page<ApprovalRecord>>(BatchPath.approvals, { bizId: batchId, pageNo: 1, pageSize: 100, column: 'approveTime', order: 'asc' }, { signal })
      .then(unwrap),
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
