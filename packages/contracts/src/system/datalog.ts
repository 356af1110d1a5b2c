import { z } from 'zod';
import { defineFlow } from '../flow.ts';
import { defineResource, permCodes } from '../resource.ts';
import { idField } from './dict.ts';
import { POOL_AMOUNT_TEXT } from '../finance/pool.ts';

/**
 * 数据日志 (stock JeecgBoot sys_data_log, issue #25): every change of a business record keeps a version
 * (who, when, which fields, old and new values); two versions are compared side by side. Beyond the
 * stock product the data log and the approval records form one hash chain, keyed with the server secret
 * (APP_SECRET), and `verify` proves that no entry was changed or removed since it was written.
 */
export const DATA_LOG_BASE = '/sys/dataLog';

/** The tables that keep versions (business records and configuration), with their Chinese names (the 表名 filter). */
export const DATA_TABLE_TEXT: Record<string, string> = {
  rights_org: '机构',
  rights_right: '受保护权利',
  rights_bank_account: '银行账户',
  rights_batch: '线索批次',
  rights_batch_item: '线索明细',
  fin_claim: '报销单',
  fin_capital_pool: '资金池',
  sys_user: '用户',
  sys_role: '角色',
  sys_role_permission: '角色授权',
  onl_cgreport_head: 'Online报表',
  sys_gateway_route: '网关路由',
  sys_data_source: '多数据源',
  sys_quartz_job: '定时任务',
  sb_file_info: '证据文件',
};
export const DATA_TABLES = Object.keys(DATA_TABLE_TEXT) as [string, ...string[]];

export const DataLogOpText: Record<string, string> = { add: '新增', edit: '修改', delete: '删除' };

const common: Record<string, string> = {
  id: 'ID',
  orgId: '机构ID',
  orgName: '机构名称',
  status: '状态',
  remark: '备注',
  description: '说明',
  auditStatus: '审核状态',
  auditOpinion: '审核意见',
  auditBy: '审核人',
  auditTime: '审核时间',
  submitBy: '提交人',
  submitTime: '提交时间',
  sysOrgCode: '所属部门',
  createBy: '创建人',
  createTime: '创建时间',
  delFlag: '删除标记',
  poolId: '资金池ID',
  poolName: '资金池',
  accountName: '户名',
  bankName: '开户银行',
  accountNo: '账号',
  proofFile: '证明文件',
  batchId: '批次ID',
  batchNo: '批次编号',
  batchName: '批次名称',
  applyAmount: '申请金额',
  approvedAmount: '核定金额',
  approveTime: '审核通过时间',
  payDate: '付款日期',
  serialNo: '流水号',
};

/** Chinese labels of the versioned tables' fields (a field without one shows its name). */
export const DATA_FIELD_LABELS: Record<string, Record<string, string>> = {
  rights_org: {
    ...common,
    orgType: '机构类型',
    creditCode: '统一社会信用代码',
    legalPerson: '法定代表人',
    regAddress: '注册地址',
    officeAddress: '办公地址',
    foundDate: '成立日期',
    licenseFile: '营业执照',
    practiceFile: '执业证明',
    filingFile: '备案文件',
    agentFilingNo: '代理机构备案号',
    contactName: '联系人',
    contactPhone: '联系电话',
    contactEmail: '联系邮箱',
    region: '所在地区',
    enterStatus: '入驻状态',
    certifyStatus: '认证状态',
    certifyOpinion: '认证意见',
    certifyBy: '认证审核人',
    certifyTime: '认证时间',
    applicantId: '申请人',
    certifySubmitBy: '认证提交人',
    certifySubmitTime: '认证提交时间',
    departId: '部门ID',
  },
  rights_right: {
    ...common,
    trademarkName: '商标名称',
    markImage: '商标图样',
    regNo: '注册号',
    niceClass: '类别',
    goodsServices: '核定商品/服务',
    trademarkType: '商标类型',
    registrant: '注册人',
    registrantAddress: '注册人地址',
    regDate: '注册日期',
    expireDate: '到期日期',
    legalStatus: '法律状态',
    authOrg: '授权机构',
    authLetter: '授权书',
    authStartDate: '授权开始',
    authEndDate: '授权结束',
  },
  rights_bank_account: { ...common, branchName: '支行', bankCode: '联行号', accountNature: '账户性质', isDefault: '默认账户' },
  rights_batch: {
    ...common,
    rightIds: '涉及权利ID',
    rightNames: '涉及权利',
    infringeType: '侵权类型',
    clueSource: '线索来源',
    platform: '侵权平台',
    rightsMethod: '维权方式',
    evidenceFiles: '证据文件',
    itemCount: '线索数量',
    releasedAmount: '已解冻金额',
    firstReviewerId: '初审人ID',
    firstReviewerName: '初审人',
    startTime: '开始维权时间',
    closureSummary: '结案说明',
    closureFiles: '结案材料',
    closureApplyTime: '申请结案时间',
    closedTime: '结案时间',
    closureResult: '结案结果',
    successRate: '成功率',
    successCount: '成功数',
    failedCount: '失败数',
    notInfringingCount: '不构成侵权数',
  },
  rights_batch_item: {
    ...common,
    seq: '序号',
    linkUrl: '侵权链接',
    shopName: '店铺名称',
    operator: '经营者',
    location: '所在地',
    goodsName: '商品名称',
    price: '售价',
    evidence: '证据',
    complaintNo: '投诉单号',
    handleTime: '处理时间',
  },
  fin_claim: {
    ...common,
    claimNo: '报销单号',
    expenseType: '费用类型',
    deductions: '扣减项',
    deductionNote: '扣减说明',
    invoiceTotal: '发票合计',
    bankAccountId: '收款账户ID',
    bankBranch: '开户支行',
    bizReviewerId: '业务审核人ID',
    bizReviewBy: '业务审核人',
    bizReviewTime: '业务审核时间',
    financeReviewBy: '财务审核人',
    financeReviewTime: '财务审核时间',
    payVoucher: '付款凭证',
    payFailReason: '付款失败原因',
    paidBy: '付款人',
    paidTime: '付款时间',
  },
  fin_capital_pool: {
    ...common,
    poolCode: '编号',
    fundSource: '资金来源',
    poolYear: '年度',
    ...POOL_AMOUNT_TEXT,
    validFrom: '有效期起',
    validTo: '有效期止',
    logSeq: '流水序号',
  },
  sys_user: {
    ...common,
    username: '账号',
    realname: '姓名',
    avatar: '头像',
    birthday: '生日',
    sex: '性别',
    email: '邮箱',
    phone: '手机号',
    orgCode: '当前部门',
    workNo: '工号',
    post: '职务',
    telephone: '座机',
    userIdentity: '身份',
    departIds: '负责部门',
    relTenantIds: '租户',
    thirdId: '第三方ID',
    thirdType: '第三方类型',
    clientId: '设备ID',
    passwordChangedAt: '密码修改时间',
    roleIds: '角色',
    departs: '所属部门',
  },
  sys_role: { ...common, roleName: '角色名称', roleCode: '角色编码' },
  onl_cgreport_head: {
    ...common,
    name: '报表名称',
    code: '报表编码',
    cgrSql: '查询SQL',
    dbSource: '数据源',
    access: '可用范围',
    content: '描述',
    items: '字段',
    params: '参数',
  },
  sys_gateway_route: {
    ...common,
    name: '路由名称',
    routerId: '路由ID',
    pathPrefix: '路径前缀',
    upstream: '上游服务',
    methods: '请求方法',
    headerName: '请求头名',
    headerValue: '请求头值',
    stripPrefix: '去掉前缀',
    needLogin: '需要登录',
    permission: '所需权限',
    sortOrder: '排序',
  },
  sys_data_source: {
    ...common,
    code: '编码',
    name: '名称',
    dbType: '数据库类型',
    host: '主机',
    port: '端口',
    databaseName: '库名',
    username: '用户名',
    hasPassword: '已设密码',
  },
  sys_quartz_job: { ...common, jobKey: '任务', cronExpression: 'Cron表达式', parameter: '参数' },
  sb_file_info: {
    ...common,
    fileName: '文件名',
    filePath: '文件路径',
    fileSize: '大小（字节）',
    sha256: '指纹（SHA-256）',
    bizType: '所属业务',
    bizId: '业务记录ID',
    uploaderId: '上传人ID',
  },
};

export const fieldLabel = (table: string, field: string) => DATA_FIELD_LABELS[table]?.[field] ?? field;

const values = z.record(z.string(), z.unknown()).nullable();

/** One field of a version as people read it (issue 36): its label and its value as text (dictionary text, a name, Beijing time). */
export const dataLogFieldSchema = z.object({ field: z.string(), label: z.string(), text: z.string() });
export type DataLogField = z.infer<typeof dataLogFieldSchema>;

export const dataLogRecordSchema = z.object({
  id: z.string(),
  dataTable: z.string(),
  dataTable_dictText: z.string(),
  dataId: z.string(),
  dataVersion: z.number(),
  op: z.string(),
  op_dictText: z.string(),
  /** the fields this version changed */
  fields: z.array(z.string()),
  oldValues: values,
  newValues: values,
  /** the whole record as this version left it */
  dataContent: z.record(z.string(), z.unknown()),
  /** the record's business number or name in this version (批次编号, 报销单号, 机构名称 …), null when it has none */
  dataTitle: z.string().nullable(),
  /** the content as the screens show it: the record's own fields first, ids and storage paths left out */
  display: z.array(dataLogFieldSchema),
  createBy: z.string().nullable(),
  createName: z.string().nullable(),
  createTime: z.string().nullable(),
  chainSeq: z.number().nullable(),
  hash: z.string().nullable(),
});
export type DataLogRecord = z.infer<typeof dataLogRecordSchema>;

export const chainReportSchema = z.object({
  ok: z.boolean(),
  checked: z.number(),
  headSeq: z.number(),
  /** the first place linked with the server key; the places before it were linked, before the upgrade, with plain SHA-256 */
  keyedFrom: z.number(),
  /** entries written but not yet linked when the check ran (they are linked first) */
  sealed: z.number(),
  broken: z
    .object({
      seq: z.number(),
      kind: z.enum(['datalog', 'approval']).nullable(),
      id: z.string().nullable(),
      problem: z.enum(['content', 'missing', 'link', 'head', 'signature']),
    })
    .nullable(),
  message: z.string(),
});
export type ChainReportRecord = z.infer<typeof chainReportSchema>;

export const DataLogMsg = {
  tableUnknown: '表名不正确',
  versionsRequired: '请选择两个版本进行比较',
  notFound: '找不到对应的数据日志',
  differentRecords: '只能比较同一条记录的两个版本',
} as const;

export const DataLogPerm = permCodes('system:dataLog', ['list', 'verify']);

/** 数据日志 list (`/sys/dataLog/list`): read-only, filtered by table, record id, user and time. */
export const dataLogResource = defineResource<DataLogRecord>()({
  basePath: DATA_LOG_BASE,
  entity: '数据日志',
  perm: DataLogPerm,
  record: dataLogRecordSchema,
  routes: ['list'],
  docs: {
    list: { summary: '数据日志列表', description: 'dataTable 表名、dataId 记录ID、user 操作人、createTime_begin/createTime_end 时间范围；默认按时间倒序。' },
  },
});

const tableField = z.enum(DATA_TABLES, { error: DataLogMsg.tableUnknown });

export const dataLogFlow = defineFlow<DataLogRecord>()({
  basePath: DATA_LOG_BASE,
  actions: {
    queryDataVerList: {
      path: 'queryDataVerList',
      method: 'GET',
      permission: DataLogPerm.list,
      query: z.object({ dataTable: tableField, dataId: idField }),
      reply: z.array(dataLogRecordSchema),
      summary: '一条记录的全部版本（版本号升序）',
    },
    queryCompareList: {
      path: 'queryCompareList',
      method: 'GET',
      permission: DataLogPerm.list,
      query: z.object({ dataId1: idField, dataId2: idField }),
      // the stock DataLogCompareModal JSON.parses dataContent: here it is that text, label → shown value, in reading order
      reply: z.array(dataLogRecordSchema.extend({ dataContent: z.string() })),
      summary: '比较同一记录的两个版本（按版本号升序返回两条）',
    },
    verify: {
      path: 'verify',
      method: 'POST',
      permission: DataLogPerm.verify,
      body: z.object({}),
      reply: chainReportSchema,
      summary: '校验哈希链：先链接尚未链接的条目，再逐条核对内容、顺序与链头',
    },
  },
});
