/**
 * Vocabulary of clue batches (DOMAIN.md clue batch): the values of the seeded dictionaries the server and
 * the web both use. `BatchDict` names the dictionary behind each field (`xxx_dictText` in the answers).
 */

/**
 * threaded_status. Flow (DOMAIN.md): 草稿 → 待审核 → (待复审 when 申请金额 > the threshold) → 待维权 → 维权中
 * → 待结案审核 → 已结案; 退回补正 (editable like a draft, resubmitted to 待审核); 驳回 → 已驳回;
 * withdrawn before 维权中 → 已撤销.
 */
export const BatchStatus = {
  draft: '1',
  pending: '2',
  secondReview: '3',
  toEnforce: '4',
  enforcing: '5',
  closurePending: '6',
  closed: '7',
  rejected: '8',
  withdrawn: '9',
  returned: '10',
} as const;
export type BatchStatusValue = (typeof BatchStatus)[keyof typeof BatchStatus];
export const BATCH_STATUS_VALUES = Object.values(BatchStatus);
export const BATCH_STATUS_TEXT: Record<BatchStatusValue, string> = {
  '1': '草稿',
  '2': '待审核',
  '3': '待复审',
  '4': '待维权',
  '5': '维权中',
  '6': '待结案审核',
  '7': '已结案',
  '8': '已驳回',
  '9': '已撤销',
  '10': '退回补正',
};

/** clue_item_status */
export const ItemStatus = { waiting: '1', handling: '2', success: '3', failed: '4', notInfringing: '5', withdrawn: '6' } as const;
export type ItemStatusValue = (typeof ItemStatus)[keyof typeof ItemStatus];
export const ITEM_STATUS_VALUES = Object.values(ItemStatus);

/** closure_result (结案结果), computed from the items at 申请结案. */
export const ClosureResult = { allSuccess: '1', partSuccess: '2', noSuccess: '3', notInfringing: '4' } as const;
export const CLOSURE_RESULT_VALUES = Object.values(ClosureResult);

/** 侵权类型 1..5: 假冒注册商标/近似商标/商标标识/店铺名称/关键词滥用 */
export const INFRINGE_TYPE_VALUES = ['1', '2', '3', '4', '5'] as const;
/** 线索来源 1..6: 自行监测/权利人举报/公众举报/平台推送/行政机关移送/其他 (seeded by the batch seed unit) */
export const CLUE_SOURCE_VALUES = ['1', '2', '3', '4', '5', '6'] as const;
/** 侵权平台 1..7: 淘宝/天猫/京东/拼多多/抖音/1688/线下 */
export const INFRINGE_PLATFORM_VALUES = ['1', '2', '3', '4', '5', '6', '7'] as const;
/** 维权方式 1..5: 平台投诉/行政投诉/民事诉讼/刑事报案/律师函 */
export const RIGHTS_METHOD_VALUES = ['1', '2', '3', '4', '5'] as const;
/** 进度节点 1..12: 受理/取证公证/提交投诉/平台处理/行政立案/现场检查/处罚决定/起诉立案/开庭/判决调解/执行/结案 */
export const PROGRESS_NODE_VALUES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;

/** The dictionary (sys_dict code) of each coded field; the answers carry `<field>_dictText`. */
export const BatchDict = {
  status: 'threaded_status',
  infringeType: 'infringe_type',
  clueSource: 'clue_source',
  platform: 'infringe_platform',
  rightsMethod: 'rights_method',
  closureResult: 'closure_result',
  itemStatus: 'clue_item_status',
  progressNode: 'progress_node',
} as const;

/** A batch's own coded fields (not its items' or progress's), each with its dictionary: what its answers and its data log translate. */
export const BATCH_RECORD_DICTS = {
  status: BatchDict.status,
  infringeType: BatchDict.infringeType,
  clueSource: BatchDict.clueSource,
  platform: BatchDict.platform,
  rightsMethod: BatchDict.rightsMethod,
  closureResult: BatchDict.closureResult,
} as const;

/** batch log actions (操作日志), as `BatchLogRecord.action` */
export const BatchLogAction = {
  create: '新增',
  edit: '修改',
  items: '修改明细',
  import: '导入明细',
  submit: '提交审核',
  review: '审核',
  withdraw: '撤销',
  start: '开始维权',
  progress: '记录进度',
  closure: '申请结案',
  closureReview: '结案审核',
  /** the 结案报销期满解冻 job's release of what no claim used */
  claimExpired: '报销期满解冻',
} as const;
