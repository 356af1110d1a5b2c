import { z } from 'zod';
import { auditShape, dictModelSchema, idField } from './dict.ts';
import { defineResource, permCodes } from '../resource.ts';

/**
 * Online报表 (onl_cgreport_head / _item / _param, JEECG-API §5.6): a named SELECT an administrator
 * writes, shown as a list screen from the menu or as the rows of a popup picker (JPopup).
 */

/**
 * The column types of stock JeecgBoot's report items. A column sorts only when its 排序 is ticked;
 * 解析SQL ticks it for Integer, Long, Double, Date and Datetime columns (unticked, they do not sort).
 */
export const REPORT_FIELD_TYPES = ['String', 'Integer', 'Long', 'Double', 'Date', 'Datetime'] as const;
export type ReportFieldType = (typeof REPORT_FIELD_TYPES)[number];
export const SORTABLE_REPORT_TYPES: readonly ReportFieldType[] = ['Integer', 'Long', 'Double', 'Date', 'Datetime'];
/** Number columns: exported to Excel as numbers; a Double column (amounts) is shown with thousands separators. */
export const NUMBER_REPORT_TYPES: readonly ReportFieldType[] = ['Integer', 'Long', 'Double'];

/** How a searchable column is matched: exactly (`single`, stock), by part (`like`), or between two values (`group`, stock). */
export const REPORT_SEARCH_MODES = ['single', 'like', 'group'] as const;
export type ReportSearchMode = (typeof REPORT_SEARCH_MODES)[number];
export const REPORT_SEARCH_MODE_LABELS: Record<ReportSearchMode, string> = { single: '精确', like: '模糊', group: '范围' };

/**
 * Who may run a report besides the administrator: holders of a menu entry that opens it (`menu`), also
 * the association's staff (`staff`), or every signed-in user (`all`, for a picker whose SQL narrows the
 * rows with `#{my_org_id}`).
 */
export const REPORT_ACCESS = ['menu', 'staff', 'all'] as const;
export type ReportAccess = (typeof REPORT_ACCESS)[number];
export const REPORT_ACCESS_LABELS: Record<ReportAccess, string> = { menu: '菜单授权的用户', staff: '协会工作人员', all: '所有登录用户' };

/**
 * Values the server binds for the caller, never taken from the request: `#{sys_user_code}` (username),
 * `#{sys_org_code}` (department code), `#{my_org_id}` (the caller's organisation, '' when none).
 */
export const REPORT_SYSTEM_VARS = ['sys_user_code', 'sys_org_code', 'my_org_id'] as const;

/** The menu entry of a report: the stock list component, the report code in the address (JEECG-API §3.1). */
export const REPORT_LIST_COMPONENT = 'modules/online/cgreport/auto/OnlCgreportAutoList';
export const reportMenuUrl = (code: string) => `/online/cgreport/${code}`;
/** The stock online-form list component: a read-only list over a table registered on the server. */
export const CGFORM_LIST_COMPONENT = 'modules/online/cgform/auto/OnlCgformAutoList';
export const cgformMenuUrl = (code: string) => `/online/cgformList/${code}`;

/** Default statement timeout of a report run (REPORT_TIMEOUT_MS overrides it on the server). */
export const REPORT_TIMEOUT_MS = 4_000;

export const ReportMsg = {
  sourceNotPostgres: (name: string) => `报表目前只能在 PostgreSQL 数据源上运行，「${name}」是 MySQL / MariaDB 数据源`,
  nameRequired: '报表名称不能为空!',
  codeRequired: '报表编码不能为空!',
  codeFormat: '报表编码只能包含字母、数字和下划线，且以字母开头',
  codeTaken: '报表编码已存在',
  sqlRequired: '报表SQL不能为空!',
  sqlTooLong: 'SQL 不能超过 5000 个字符',
  notFound: '实体不存在',
  queryFailed: '查询失败',
  noAccess: '没有权限查看该报表',
  parseFailed: (detail: string) => `SQL 解析失败：${detail}`,
  oneStatement: '只能写一条 SELECT 语句（不能用分号连接多条语句）',
  onlySelect: '只允许查询（SELECT）语句',
  noLocking: '不允许加锁查询（FOR UPDATE / FOR SHARE）',
  noWrites: '不允许在查询中写数据（INSERT / UPDATE / DELETE）',
  functionDenied: (name: string) => `不允许调用函数 ${name}（只允许常用的统计、文本、数字与日期函数）`,
  tableDenied: (name: string) =>
    `不允许查询表 ${name}（报表只能读取业务数据表：机构、权利、线索批次及明细、审批记录、资金池、报销与付款、文件、部门、职务、分类与字典、通告）`,
  typeDenied: (name: string) => `不允许转换为类型 ${name}（只允许数字、文本、日期时间、布尔、JSON 与 UUID 类型）`,
  privilegeDenied: '报表没有权限读取该表或调用该函数（报表只能读取业务数据表）',
  syntaxDenied: (what: string) => `报表 SQL 不支持 ${what}`,
  recursiveDenied: '内置数据库上的报表不能使用递归查询（WITH RECURSIVE）：它无法被超时终止；请改写，或使用 PostgreSQL 数据库',
  unusualCharacter: 'SQL 中含有不可见的控制字符或分隔符（如 U+2028），请删除后重试',
  tooCostly: (cost: string, limit: string) =>
    `报表查询的预计开销（${cost}）超过内置数据库允许的上限（${limit}）：请加上查询条件、缩小范围，或使用 PostgreSQL 数据库`,
  schemaDenied: (name: string) => `不允许查询系统目录 ${name}`,
  dollar: 'SQL 中的 $ 只能用于 ${参数名}（不能用 $1 或 $$ 字符串）',
  backslash: 'SQL 中不能出现反斜杠（字符串里的单引号请写两个单引号）',
  placeholderPlace: '参数 ${…} 与 #{…} 只能写在值的位置或字符串里，不能写在标识符或注释中',
  paramUndeclared: (name: string) => `SQL 引用了未定义的参数 ${name}，请在报表参数中添加`,
  systemVarUnknown: (name: string) => `未知的系统变量 #{${name}}（可用：${REPORT_SYSTEM_VARS.join('、')}）`,
  columnUnknown: (name: string) => `字段 ${name} 不在 SQL 的查询结果中，请重新解析SQL`,
  columnDuplicate: (name: string) => `字段 ${name} 重复`,
  columnsRequired: '请至少配置一个字段（可点“解析SQL”自动生成）',
  columnName: '字段名只能包含字母、数字和下划线',
  timeout: (seconds: number) => `报表查询超过 ${seconds} 秒，已停止；请缩小查询范围或优化 SQL`,
  sqlFailed: (detail: string) => `SQL执行失败：${detail}`,
  menuAdded: '已添加到菜单，重新登录或刷新后可见',
  menuExists: '该报表已在菜单中',
  parentRequired: '请选择上级菜单',
  rolesRequired: '请至少选择一个角色',
  roleUnknown: '所选角色不存在',
  formNotFound: '表单不存在',
  searchInteger: (label: string) => `查询条件「${label}」须为整数`,
  searchNumber: (label: string) => `查询条件「${label}」须为数字`,
  searchDate: (label: string) => `查询条件「${label}」须为日期，如 2026-01-31`,
  searchDatetime: (label: string) => `查询条件「${label}」须为日期或日期时间，如 2026-01-31 或 2026-01-31 08:30:00`,
} as const;

const nameRule = z
  .string({ error: ReportMsg.nameRequired })
  .max(100, '长度不能超过100个字符')
  .refine((v) => v.trim() !== '', ReportMsg.nameRequired)
  .transform((v) => v.trim());
export const REPORT_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const FIELD_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

export const reportColumnSchema = z.object({
  fieldName: z.string().regex(FIELD_PATTERN, ReportMsg.columnName),
  fieldTxt: z.string().max(100, '长度不能超过100个字符').default(''),
  fieldType: z.enum(REPORT_FIELD_TYPES, { error: '字段类型只能是 String、Integer、Long、Double、Date 或 Datetime' }).default('String'),
  isShow: z.boolean().default(true),
  isSearch: z.boolean().default(false),
  searchMode: z.enum(REPORT_SEARCH_MODES, { error: '查询模式只能是 精确、模糊 或 范围' }).default('single'),
  isOrder: z.boolean().default(false),
  dictCode: z.string().max(100, '长度不能超过100个字符').nullish(),
  fieldWidth: z.number().int().min(40, '列宽为 40 到 600').max(600, '列宽为 40 到 600').nullish(),
  /** the position in the list; the server numbers the columns in the order they are sent */
  orderNum: z.number().int().min(0).max(999).default(0),
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;

export const reportParamSchema = z.object({
  paramName: z.string().regex(FIELD_PATTERN, '参数名只能包含字母、数字和下划线'),
  paramTxt: z.string().max(100, '长度不能超过100个字符').default(''),
  paramValue: z.string().max(200, '长度不能超过200个字符').nullish(),
  orderNum: z.number().int().min(0).max(999).default(0),
});
export type ReportParam = z.infer<typeof reportParamSchema>;

/** A 1 / 0 (or "1" / "0", true / false) checkbox of the stock screen's editable table. */
const stockFlag = z.union([z.boolean(), z.number(), z.string()]).transform((v) => v === true || v === 1 || v === '1');
/**
 * A report item as the stock configuration screen saves it (`items` of head/add and head/editAll): its
 * checkboxes are 1 / 0, its 查询模式 may be empty, and it has no 排序 (ours: numbers and dates sort).
 */
export const stockItemInputSchema = z.object({
  fieldName: z.string().regex(FIELD_PATTERN, ReportMsg.columnName),
  fieldTxt: z.string().max(100, '长度不能超过100个字符').nullish(),
  fieldType: z.enum(REPORT_FIELD_TYPES, { error: '字段类型只能是 String、Integer、Long、Double、Date 或 Datetime' }).nullish(),
  isShow: stockFlag.nullish(),
  isSearch: stockFlag.nullish(),
  isOrder: stockFlag.nullish(),
  searchMode: z.string().max(20).nullish(),
  dictCode: z.string().max(100, '长度不能超过100个字符').nullish(),
  fieldWidth: z.coerce.number().int().min(40, '列宽为 40 到 600').max(600, '列宽为 40 到 600').nullish().catch(null),
});
export type StockItemInput = z.infer<typeof stockItemInputSchema>;

const sqlRule = z
  .string({ error: ReportMsg.sqlRequired })
  .max(5000, ReportMsg.sqlTooLong)
  .refine((v) => v.trim() !== '', ReportMsg.sqlRequired);

const fields = {
  name: nameRule,
  code: z
    .string({ error: ReportMsg.codeRequired })
    .max(64, '长度不能超过64个字符')
    .refine((v) => v.trim() !== '', ReportMsg.codeRequired)
    .regex(REPORT_CODE_PATTERN, ReportMsg.codeFormat),
  cgrSql: sqlRule,
  /** data source code; empty: the main database (data sources land separately) */
  dbSource: z.string().max(100, '长度不能超过100个字符').nullish(),
  access: z.enum(REPORT_ACCESS, { error: '可用范围只能是 菜单授权的用户、协会工作人员 或 所有登录用户' }).default('menu'),
  content: z.string().max(500, '长度不能超过500个字符').nullish(),
  columns: z.array(reportColumnSchema).max(100, '字段不能超过100个').default([]),
  params: z.array(reportParamSchema).max(20, '参数不能超过20个').default([]),
  /** the stock screen's name of the columns (read when `columns` is empty) */
  items: z.array(stockItemInputSchema).max(100, '字段不能超过100个').optional(),
};
export const reportAddBody = z.object(fields);
/** 可用范围 left out of an edit keeps the report's own (the stock screen has no such field). */
export const reportEditBody = z.object({ id: idField, ...fields, access: fields.access.unwrap().optional() });
export type ReportAddBody = z.infer<typeof reportAddBody>;
export type ReportEditBody = z.infer<typeof reportEditBody>;

/**
 * The stock configuration screen's save (head/add and head/editAll): the form as `head` — the list's
 * record merged with the form, so it may carry our `columns`, `params` and `access` as they were when
 * listed —, the editable tables as `items` and `params`, and the rows deleted from them (ignored: a save
 * writes the whole table). Read as our body: the tables from outside `head`, 可用范围 not from it.
 */
const stockSaveShape = z.object({
  head: z.record(z.string(), z.unknown(), { error: ReportMsg.nameRequired }),
  items: z.array(z.unknown()).max(100, '字段不能超过100个').default([]),
  params: z.array(z.unknown()).max(20, '参数不能超过20个').default([]),
  deleteItemIds: z.string().max(20_000).nullish(),
  deleteParamIds: z.string().max(20_000).nullish(),
});
const unwrapStockSave = ({ head, items, params }: z.infer<typeof stockSaveShape>) => {
  const { columns: _columns, params: _params, items: _items, access: _access, ...form } = head;
  return { ...form, columns: [], items, params };
};
// the unwrapped form is checked right after by the body schema it is piped into
const fromStockSave = <Out>(body: z.ZodType<Out>) => stockSaveShape.transform((sent): unknown => unwrapStockSave(sent)).pipe(body as z.ZodType<Out, unknown>);
/** When neither shape fits, the reason is the one of the shape that was sent (with `head`: the stock one). */
const unionReason = (issue: { input?: unknown; errors?: { message: string }[][] }) => {
  const stockSent = typeof issue.input === 'object' && issue.input !== null && 'head' in issue.input;
  return issue.errors?.[stockSent ? 1 : 0]?.[0]?.message;
};
// ours first: it is what the OpenAPI page shows and the robustness walk starts from
export const reportAddRequest = z.union([reportAddBody, fromStockSave(reportAddBody)], { error: unionReason });
export const reportEditRequest = z.union([reportEditBody, fromStockSave(reportEditBody)], { error: unionReason });

export const reportRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  cgrSql: z.string(),
  dbSource: z.string().nullable(),
  access: z.enum(REPORT_ACCESS),
  content: z.string().nullable(),
  columns: z.array(reportColumnSchema),
  params: z.array(reportParamSchema),
  ...auditShape,
});
export type ReportRecord = z.infer<typeof reportRecordSchema>;

export const OnlReportPerm = permCodes('online:cgreport', ['list', 'add', 'edit', 'delete']);

/** Report configurations: `/online/cgreport/head/list` … (stock paths), administrator's buttons. */
export const reportResource = defineResource<ReportRecord>()({
  basePath: '/online/cgreport/head',
  entity: 'Online报表',
  perm: OnlReportPerm,
  record: reportRecordSchema,
  routes: ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch'],
  addBody: reportAddRequest,
  editBody: reportEditRequest,
  docs: { add: { description: '保存前检查并试运行 SQL；被拒绝或执行失败的报表不保存。' } },
});

/** A column as the list screen shows it (JEECG-API §5.6 getRpColumns). */
export const rpColumnSchema = z.object({
  title: z.string(),
  dataIndex: z.string(),
  align: z.string(),
  sorter: z.string().optional(),
  customRender: z.string().optional(),
  width: z.number().optional(),
  /** the column's type (ours, beside the stock keys): the screen formats amounts by it */
  fieldType: z.enum(REPORT_FIELD_TYPES).optional(),
});
export const rpColumnsSchema = z.object({
  columns: z.array(rpColumnSchema),
  dictOptions: z.record(z.string(), z.array(dictModelSchema)),
  cgRpConfigId: z.string(),
  cgRpConfigName: z.string(),
});
export type RpColumns = z.infer<typeof rpColumnsSchema>;

/** A search field of a report (JEECG-API §5.6 getQueryInfo): `hidden: "1"` from the 3rd on, until expanded. */
export const queryInfoItemSchema = z.object({
  label: z.string(),
  field: z.string(),
  view: z.string(),
  mode: z.enum(REPORT_SEARCH_MODES),
  dictCode: z.string().optional(),
  hidden: z.string().optional(),
});
export type QueryInfoItem = z.infer<typeof queryInfoItemSchema>;

export const reportRowsSchema = z.object({ total: z.number(), records: z.array(z.record(z.string(), z.unknown())) });
export type ReportRows = z.infer<typeof reportRowsSchema>;

/** getData's query: paging, sort, the columns' search values and `self_<param>`, all strings. */
export const reportDataQuery = z
  .object({
    pageNo: z.coerce.number().int().min(1, '页码须为正整数').max(100_000, '页码过大').default(1),
    pageSize: z.coerce.number().int().min(1, '每页条数为 1 到 1000').max(1000, '每页条数为 1 到 1000').default(10),
    column: z.string().max(64).optional(),
    order: z.enum(['asc', 'desc'], { error: '排序方向只能是 asc 或 desc' }).optional(),
    groupId: z.string().max(100).optional(),
  })
  .catchall(z.union([z.string().max(200, '查询条件不能超过200个字符'), z.array(z.string().max(200)).max(1)]));
export type ReportDataQuery = z.infer<typeof reportDataQuery>;

export const parseSqlBody = z.object({
  cgrSql: sqlRule,
  /** the 多数据源 code the SQL runs on; empty: the main database */
  dbSource: z.string().max(100, '长度不能超过100个字符').nullish(),
  params: z.array(reportParamSchema).max(20).default([]),
});
export const parsedSqlSchema = z.object({
  columns: z.array(reportColumnSchema),
  params: z.array(reportParamSchema),
  records: z.array(z.record(z.string(), z.unknown())),
});
export type ParsedSql = z.infer<typeof parsedSqlSchema>;

/** The stock configuration screen's 解析SQL: GET with `sql` and `dbKey` (the 多数据源 code). */
export const stockParseSqlQuery = z.object({ sql: sqlRule, dbKey: z.string().max(100, '长度不能超过100个字符').nullish() });
/** A report item as the stock screen's editable table reads it: its checkboxes are 1 / 0. */
export const stockReportItemSchema = z.object({
  id: z.string().optional(),
  fieldName: z.string(),
  fieldTxt: z.string(),
  fieldType: z.enum(REPORT_FIELD_TYPES),
  isShow: z.number(),
  isSearch: z.number(),
  searchMode: z.enum(REPORT_SEARCH_MODES),
  isOrder: z.number(),
  dictCode: z.string().nullable(),
  fieldWidth: z.number().nullable(),
  orderNum: z.number(),
});
export type StockReportItem = z.infer<typeof stockReportItemSchema>;
export const stockParsedSqlSchema = z.object({ fields: z.array(stockReportItemSchema), params: z.array(reportParamSchema) });
export const headIdQuery = z.object({ headId: z.string({ error: '缺少 headId' }).min(1, '缺少 headId').max(64) });
/** getColumnsAndData: the stock report screen's one call for its columns and a page of rows. */
export const columnsAndDataSchema = z.object({
  columns: z.array(rpColumnSchema),
  dictOptions: z.record(z.string(), z.array(dictModelSchema)),
  cgreportHeadName: z.string(),
  data: reportRowsSchema,
  /** links of columns (`field_href`): none here, the stock screen iterates it */
  fieldHrefSlots: z.array(z.object({ slotName: z.string(), href: z.string() })),
});
export type ColumnsAndData = z.infer<typeof columnsAndDataSchema>;
/** A 数据源 choice of the stock configuration screen: the 多数据源 code and its name. */
export const dataSourceOptionSchema = z.object({ value: z.string(), label: z.string(), text: z.string() });

/** 添加到菜单: the section the entry goes under and the roles granted it (in the same transaction). */
export const addReportMenuBody = z.object({
  id: idField,
  parentId: z.string({ error: ReportMsg.parentRequired }).min(1, ReportMsg.parentRequired).max(64),
  roleIds: z
    .array(z.string().min(1, ReportMsg.roleUnknown).max(36, ReportMsg.roleUnknown), { error: ReportMsg.rolesRequired })
    .min(1, ReportMsg.rolesRequired)
    .max(100, '一次最多授权 100 个角色'),
});
export type AddReportMenuBody = z.infer<typeof addReportMenuBody>;

/** A table registered for the built-in read-only list (the stock online-form list component). */
export const cgformColumnsSchema = z.object({
  code: z.string(),
  name: z.string(),
  columns: z.array(rpColumnSchema),
  dictOptions: z.record(z.string(), z.array(dictModelSchema)),
  queryInfo: z.array(queryInfoItemSchema),
});
export type CgformColumns = z.infer<typeof cgformColumnsSchema>;

/** JPopup's configuration checks (spec §5 Popup config), word for word. */
export const PopupMsg = {
  misconfigured: 'popup参数未正确配置!',
  countMismatch: 'popup参数未正确配置,原始值和目标值数量不一致!',
  selectOne: '请选择一条记录',
} as const;

/** Spec §9: the popup dialog, its table and its textarea. */
export const POPUP_WIDTH = 1200;
export const POPUP_PAGE_SIZE = 10;
export const POPUP_TEXTAREA = { width: 150, height: 200 } as const;
/** Spec §7/§9: report answers are remembered this long when the caller names a group id. */
export const REPORT_CACHE_MS = 30_000;
