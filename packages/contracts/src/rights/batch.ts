import { z } from 'zod';
import { defineFlow } from '../flow.ts';
import { Msg } from '../messages.ts';
import { defineResource, permCodes } from '../resource.ts';
import { moneyText, nonNegativeMoney } from '../finance/money.ts';
import { dictValue, filePathsField, idBody, optionalDate, optionalText, requiredText, RightsMsg } from './common.ts';
import { batchRecordSchema, type BatchRecord } from './batch-records.ts';
import {
  BatchStatus,
  CLUE_SOURCE_VALUES,
  INFRINGE_PLATFORM_VALUES,
  INFRINGE_TYPE_VALUES,
  ITEM_STATUS_VALUES,
  PROGRESS_NODE_VALUES,
  RIGHTS_METHOD_VALUES,
} from './batch-vocab.ts';

export * from './batch-vocab.ts';
export * from './batch-records.ts';

/**
 * 线索批次 (DOMAIN.md clue batch, the spec's "threaded" list): an organisation's request for subsidy of a
 * batch of infringement clues. All routes live under `BATCH_BASE`; `BatchPath` names each of them.
 */
export const BATCH_BASE = '/rights/threaded';

/** Most items one batch may hold; the items save and the import refuse more. */
export const MAX_BATCH_ITEMS = 2000;

/** The sys_dict holding settings: item `second_review_threshold`'s text is the yuan amount above which a batch needs 复审. */
export const BATCH_SETTING_DICT = 'threaded_setting';
export const SECOND_REVIEW_THRESHOLD_KEY = 'second_review_threshold';
/** Used when the setting is missing or unreadable. */
export const DEFAULT_SECOND_REVIEW_THRESHOLD = '50000.00';

/** The URL rule of 侵权链接: http(s), a host, no blanks; 线下 items give the place instead (`offline:` is not used). */
export const CLUE_URL_PATTERN = /^https?:\/\/[^\s/$.?#][^\s]{2,1990}$/i;

export const BatchMsg = {
  notFound: RightsMsg.notFound,
  nameRequired: '请输入批次名称',
  rightsRequired: '请选择涉及权利',
  infringeType: '请选择侵权类型',
  clueSource: '请选择线索来源',
  platform: '请选择侵权平台',
  rightsMethod: '请选择维权方式',
  poolRequired: '请选择资金池',
  poolNotActive: '所选资金池未启用，不能申请',
  poolNoSubsidy: '所选资金池未设置单件补贴标准，不能申请',
  rightNotUsable: (name: string, reason: string) => `权利「${name}」${reason}，不能用于线索批次`,
  rightNotOwn: '涉及权利须为本机构已审核通过的受保护权利',
  notEditable: '只有草稿或退回补正的批次可以修改',
  notDeletable: '只有草稿可以删除；已提交过的批次请撤销',
  notSubmittable: '只有草稿或退回补正的批次可以提交审核',
  noItems: '请至少添加一条线索明细后再提交',
  capReached: (left: string) => `已超过资金池单机构上限，本机构在该资金池尚可申请 ${moneyText(left)} 元`,
  notPending: '该批次不是待审核或待复审状态，不能审核',
  decidedByOther: '该批次已被其他审核人处理，请刷新后查看',
  sameReviewer: '复审须由初审以外的审核人完成',
  approvedTooMuch: '核定金额不能大于申请金额',
  approvedRequired: '请填写核定金额',
  notWithdrawable: '只有已提交且维权尚未开始（待审核、待复审、待维权、退回补正）的批次可以撤销；草稿请直接删除',
  notStartable: '只有待维权的批次可以开始维权',
  notEnforcing: '只有维权中的批次可以记录进度或申请结案',
  itemsOpen: (n: number) => `尚有 ${n} 条线索明细为待处理或处理中，请更新处理结果后再申请结案`,
  notClosurePending: '该批次不是待结案审核状态，不能审核',
  itemsNotEditable: '当前状态不能修改线索明细',
  itemsLocked: '维权中只能更新线索明细的状态、投诉单号和处理时间，不能新增或删除',
  tooManyItems: `每个批次最多 ${MAX_BATCH_ITEMS} 条线索明细`,
  duplicateUrl: (url: string) => `侵权链接重复：${url}`,
  urlInvalid: '侵权链接应为 http:// 或 https:// 开头的网址',
  itemStatusInDraft: '提交前线索明细的状态只能是待处理',
  importFailed: (n: number) => `导入失败：${n} 行有错误，全部未导入，请修改后重新导入`,
  imported: (n: number) => `导入成功：${n} 条线索明细`,
  opinionRequired: '驳回或退回时请填写审核意见',
  reasonRequired: '请填写撤销原因',
  submitted: '已提交审核',
  toSecondReview: '初审通过，已转复审',
  approved: '审核通过，核定金额已冻结',
  rejected: '已驳回',
  returned: '已退回补正',
  withdrawn: '已撤销',
  started: '已开始维权',
  closureApplied: '已申请结案，请等待协会审核',
  closed: '已结案',
  closureReturned: '结案申请已退回，批次回到维权中',
  progressAdded: '进度已记录',
  itemsSaved: '线索明细已保存',
  added: RightsMsg.added,
  edited: RightsMsg.edited,
  deleted: RightsMsg.deleted,
} as const;

const rightIdsField = z
  .string({ error: BatchMsg.rightsRequired })
  .max(2000)
  .transform((v) =>
    [
      ...new Set(
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ].join(','),
  )
  .refine((v) => v !== '', BatchMsg.rightsRequired)
  .refine((v) => v.split(',').length <= 20, '涉及权利最多20项');

const batchFields = {
  batchName: requiredText(100, BatchMsg.nameRequired),
  /** comma-separated ids of the organisation's approved protected-rights records (the j-select's value) */
  rightIds: rightIdsField,
  infringeType: dictValue(INFRINGE_TYPE_VALUES, BatchMsg.infringeType),
  clueSource: dictValue(CLUE_SOURCE_VALUES, BatchMsg.clueSource),
  platform: dictValue(INFRINGE_PLATFORM_VALUES, BatchMsg.platform),
  rightsMethod: dictValue(RIGHTS_METHOD_VALUES, BatchMsg.rightsMethod),
  poolId: z.string({ error: BatchMsg.poolRequired }).min(1, BatchMsg.poolRequired).max(36),
  description: optionalText(2000, '线索说明'),
  evidenceFiles: filePathsField('证据附件', 10),
  remark: optionalText(500, '备注'),
};

/** 新增: the batch is a 草稿 of the caller's organisation; 批次编号, 申请金额 and 线索数量 are computed. result = id. */
export const batchAddBody = z.object(batchFields);
export const batchEditBody = z.object({ ...idBody.shape, ...batchFields });
export type BatchAddBody = z.infer<typeof batchAddBody>;
export type BatchEditBody = z.infer<typeof batchEditBody>;

/** One row of the editable grid (getValues()). `id`: an existing item's id updates it, anything else adds a row. */
export const batchItemValue = z.object({
  id: z.string().max(64).nullish(),
  /** the row's place as the grid left it (1…n); rows without one keep theirs, new ones go last */
  seq: z
    .int({ error: `序号应为 1 到 ${MAX_BATCH_ITEMS} 的整数` })
    .min(1, `序号应为 1 到 ${MAX_BATCH_ITEMS} 的整数`)
    .max(MAX_BATCH_ITEMS, `序号应为 1 到 ${MAX_BATCH_ITEMS} 的整数`)
    .nullish(),
  linkUrl: z
    .string({ error: '请输入侵权链接' })
    .transform((v) => v.trim())
    .refine((v) => CLUE_URL_PATTERN.test(v), BatchMsg.urlInvalid),
  shopName: optionalText(200, '店铺名称'),
  operator: optionalText(200, '经营者'),
  location: optionalText(200, '所在地'),
  goodsName: optionalText(200, '涉案商品'),
  price: nonNegativeMoney.nullish(),
  evidence: filePathsField('证据', 5),
  status: dictValue(ITEM_STATUS_VALUES, '线索明细状态不正确').optional(),
  complaintNo: optionalText(100, '投诉单号'),
  handleTime: optionalDate('处理时间'),
  remark: optionalText(500, '备注'),
});
export type BatchItemValue = z.infer<typeof batchItemValue>;

export const batchItemsSaveBody = z.object({
  batchId: idBody.shape.id,
  values: z.array(batchItemValue).max(MAX_BATCH_ITEMS, BatchMsg.tooManyItems),
  deleteIds: z.array(z.string().max(64)).max(MAX_BATCH_ITEMS).default([]),
});
export type BatchItemsSaveBody = z.infer<typeof batchItemsSaveBody>;

export const batchIdQuery = z.object({ batchId: idBody.shape.id });

export const batchWithdrawBody = z.object({ id: idBody.shape.id, reason: requiredText(500, BatchMsg.reasonRequired) });

/** 初审/复审. `approvedAmount` (核定金额, ≤ 申请金额) is used on the pass that moves the batch to 待维权; default 申请金额. */
export const batchReviewBody = z
  .object({
    id: idBody.shape.id,
    result: z.enum(['pass', 'reject', 'returned'], { error: '审核结果只能是 pass（通过）、reject（驳回）或 returned（退回补正）' }),
    opinion: optionalText(500, '审核意见'),
    approvedAmount: nonNegativeMoney.nullish(),
  })
  .refine((b) => b.result === 'pass' || (b.opinion ?? '') !== '', { message: BatchMsg.opinionRequired, path: ['opinion'] });
export type BatchReviewBody = z.infer<typeof batchReviewBody>;

export const batchClosureBody = z.object({
  id: idBody.shape.id,
  closureSummary: requiredText(2000, '请填写结案说明'),
  closureFiles: filePathsField('结案材料', 10),
});
export type BatchClosureBody = z.infer<typeof batchClosureBody>;

/** 结案审核: pass → 已结案; returned → back to 维权中 (opinion required). */
export const batchClosureReviewBody = z
  .object({
    id: idBody.shape.id,
    result: z.enum(['pass', 'returned'], { error: '审核结果只能是 pass（通过）或 returned（退回）' }),
    opinion: optionalText(500, '审核意见'),
  })
  .refine((b) => b.result === 'pass' || (b.opinion ?? '') !== '', { message: BatchMsg.opinionRequired, path: ['opinion'] });
export type BatchClosureReviewBody = z.infer<typeof batchClosureReviewBody>;

export const batchProgressBody = z.object({
  batchId: idBody.shape.id,
  node: dictValue(PROGRESS_NODE_VALUES, '请选择进度节点'),
  progressDate: z
    .string({ error: '请选择日期' })
    .transform((v) => v.trim().slice(0, 10))
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v), '日期格式应为 YYYY-MM-DD'),
  description: requiredText(2000, '请填写进度说明'),
  attachments: filePathsField('附件', 10),
});
export type BatchProgressBody = z.infer<typeof batchProgressBody>;

/**
 * `list` is everyone's (scoped); the org's actions: add/edit/delete (草稿), submit, withdraw, enforce (开始维权,
 * 明细状态), progress, closure (申请结案), import; staff: review (初审/复审), closureReview (结案审核); export.
 */
export const BatchPerm = permCodes('rights:threaded', [
  'list',
  'add',
  'edit',
  'delete',
  'submit',
  'withdraw',
  'review',
  'enforce',
  'progress',
  'closure',
  'closureReview',
  'export',
  'import',
]);

/**
 * Routes beside the standard ones (all POST take JSON; GET take the query string). Answers are the envelope;
 * the writes answer `result: null` with a `BatchMsg` message unless noted.
 */
export const BatchPath = {
  submit: `${BATCH_BASE}/submit`, // POST idBody → 待审核
  withdraw: `${BATCH_BASE}/withdraw`, // POST batchWithdrawBody → 已撤销 (releases a freeze)
  review: `${BATCH_BASE}/review`, // POST batchReviewBody (初审 at 待审核, 复审 at 待复审)
  startEnforce: `${BATCH_BASE}/startEnforce`, // POST idBody: 待维权 → 维权中
  applyClosure: `${BATCH_BASE}/applyClosure`, // POST batchClosureBody: 维权中 → 待结案审核
  closureReview: `${BATCH_BASE}/closureReview`, // POST batchClosureReviewBody
  itemList: `${BATCH_BASE}/item/list`, // GET batchId, pageNo, pageSize, status, linkUrl → Page<BatchItemRecord>
  itemSave: `${BATCH_BASE}/item/save`, // POST batchItemsSaveBody → result BatchRecord (new 线索数量/申请金额)
  itemImport: `${BATCH_BASE}/item/importExcel`, // POST multipart file, query batchId; all rows or none (BatchImportResult)
  itemTemplate: `${BATCH_BASE}/item/importTemplate`, // GET → .xlsx
  progressList: `${BATCH_BASE}/progress/list`, // GET batchId → ProgressRecord[] (oldest first, for the timeline)
  progressAdd: `${BATCH_BASE}/progress/add`, // POST batchProgressBody
  logList: `${BATCH_BASE}/log/list`, // GET batchId → BatchLogRecord[] (newest first)
  usableRights: `${BATCH_BASE}/usableRights`, // GET → BatchRightOption[]: the caller's rights a batch may name (the form's 涉及权利 options)
  pools: `${BATCH_BASE}/pools`, // GET → BatchPoolOption[]: active pools with a subsidy, and what the caller's organisation may still draw
  /** 审批记录 of one batch: the approval list filtered `bizId=<batch id>` (bizType 4 线索批次 and 5 结案) */
  approvals: '/rights/approval/list',
} as const;

/** Statistics (spec §7), GET, signed in; organisation users get their own organisation's numbers. */
export const BatchStatsPath = {
  applyNum: '/sys/api/threadedApplyNum', // result: number of submitted batches
  applyPassNum: '/sys/api/threadedApplyPassNum', // result: number approved (reached 待维权 or later)
  monthApplyNum: '/sys/api/monthThreadedApplyNum', // result: MonthNum[] for the last 12 months, oldest first
  monthApplyPassNum: '/sys/api/monthThreadedApplyPassNum', // result: MonthNum[]
} as const;
export type MonthNum = { month: string; num: number };
const monthNums: z.ZodType<MonthNum[]> = z.array(z.object({ month: z.string(), num: z.number() }));

/** The batches' statistics (spec §7) as declared queries (issue 37): served by `registerFlow`, called through `flowApi`. */
export const batchStatsQueries = defineFlow()({
  basePath: '/sys/api',
  actions: {
    applyNum: {
      path: BatchStatsPath.applyNum,
      method: 'GET',
      signedIn: true,
      reply: z.number(),
      done: Msg.querySuccess,
      summary: '线索申请总数（机构用户为本机构）',
    },
    applyPassNum: {
      path: BatchStatsPath.applyPassNum,
      method: 'GET',
      signedIn: true,
      reply: z.number(),
      done: Msg.querySuccess,
      summary: '线索申请通过数（机构用户为本机构）',
    },
    monthApplyNum: {
      path: BatchStatsPath.monthApplyNum,
      method: 'GET',
      signedIn: true,
      reply: monthNums,
      done: Msg.querySuccess,
      summary: '最近12个月每月线索申请数 [{ month, num }]',
    },
    monthApplyPassNum: {
      path: BatchStatsPath.monthApplyPassNum,
      method: 'GET',
      signedIn: true,
      reply: monthNums,
      done: Msg.querySuccess,
      summary: '最近12个月每月线索申请通过数 [{ month, num }]',
    },
  },
});

/** 线索批次 as a standard resource: list, queryById, add, edit (PUT), delete (草稿 only), exportXls. */
export const batchResource = defineResource<BatchRecord>()({
  basePath: BATCH_BASE,
  entity: '线索批次',
  perm: BatchPerm,
  routes: ['list', 'queryById', 'add', 'edit', 'delete', 'exportXls'],
  addBody: batchAddBody,
  editBody: batchEditBody,
  record: batchRecordSchema,
  docs: {
    list: {
      summary: '线索批次列表',
      description:
        '筛选：batchNo、batchName（*模糊*）、orgId/orgName、rightId、infringeType、platform、rightsMethod、clueSource、poolId、status（多选 status_MultiString）、closureResult、submitTime_begin/_end。机构用户只见本机构批次；协会工作人员可见全部（不含其他机构的草稿）。',
    },
    add: {
      summary: '新增线索批次（草稿）',
      description: '批次编号按 threaded_code 规则生成（XS+日期+流水）；涉及权利须为本机构已通过审核且未过期、授权未过期的记录。result 为批次ID。',
    },
    edit: { summary: '编辑线索批次（仅草稿或退回补正）' },
    delete: { summary: '删除线索批次（仅草稿或退回补正）' },
  },
});

/**
 * Statuses in which the organisation may still withdraw a submitted batch (before 维权中). A 草稿 was
 * never submitted, so there is nothing to withdraw: it is deleted instead.
 */
export const WITHDRAWABLE_STATUSES: readonly string[] = [BatchStatus.pending, BatchStatus.secondReview, BatchStatus.toEnforce, BatchStatus.returned];
export const EDITABLE_STATUSES: readonly string[] = [BatchStatus.draft, BatchStatus.returned];
/** Only a 草稿 is deleted: a batch sent back (退回补正) carries its review history and is withdrawn (已撤销) instead. */
export const DELETABLE_STATUSES: readonly string[] = [BatchStatus.draft];
