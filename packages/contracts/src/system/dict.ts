import { z } from 'zod';
import { auditFields } from '../record-fields.ts';
import { defineResource, permCodes } from '../resource.ts';
import type { SameType } from '../same-type.ts';
import type { DictModel } from './auth.ts';

/** Texts of the dictionary screens and calls (spec §5, JEECG-API §5.3), word for word where JeecgBoot has one. */
export const DictMsg = {
  codeRequired: '字典Code不能为空!',
  nameRequired: '字典名称不能为空!',
  codeFormat: '字典编码只能包含字母、数字和下划线，且以字母开头',
  codeTaken: '字典编码已存在',
  codeTakenInRecycleBin: '字典编码已存在于回收站，请先还原或彻底删除',
  dictMissing: '字典不存在或已删除',
  itemTextRequired: '字典项文本不能为空!',
  itemValueRequired: '字典项值不能为空!',
  itemValueTaken: '该字典中已存在相同的数据值',
  saved: '保存成功！',
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
  restored: '操作成功!',
  notFound: '未找到对应数据',
  idsRequired: '请选择要操作的数据',
  tableDictTableNotAllowed: '该表不在允许登记的表字典范围内',
  treeTableNotAllowed: '该表字典不支持树形加载',
  treeFieldNotAllowed: '父级字段或子节点标记字段不在该树的登记范围内',
  treeConditionNotAllowed: '查询条件须为 JSON 对象，且只能按登记的字段比较',
  tableDictColumnNotAllowed: '该字段不在此表允许选择的字段范围内',
  tableDictFilterNotAllowed: '该过滤条件不在此表允许的范围内',
  tableDictTaken: '该表字典已登记',
} as const;

const text = (max: number) => z.string().max(max, `长度不能超过${max}个字符`);
/** A required text: missing, empty and blank all give the same message. */
const required = (max: number, message: string) =>
  z
    .string({ error: message })
    .max(max, `长度不能超过${max}个字符`)
    .refine((v) => v.trim() !== '', message);
const optionalText = (max: number) => text(max).nullish();
/** JeecgBoot forms send numbers as numbers or as digit strings. */
export const intLike = (min: number, max: number, message: string) =>
  z
    .union([z.number(), z.string().regex(/^-?\d+$/, message)], { error: message })
    .transform(Number)
    .pipe(z.number().int(message).min(min, message).max(max, message));
export const idField = z.string({ error: '缺少 id' }).min(1, '缺少 id').max(36, 'id 不正确');

/** Dictionary codes are identifiers (snake_case by convention); a comma would make them table dictionaries. */
export const DICT_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;

// Bodies are plain objects, not strict ones: a JeecgBoot client sends the whole row back on edit
// (createTime, delFlag, key, title …); unknown keys are dropped, never stored.
const dictFields = {
  dictName: required(100, DictMsg.nameRequired).transform((v) => v.trim()),
  dictCode: required(100, DictMsg.codeRequired).regex(DICT_CODE_PATTERN, DictMsg.codeFormat),
  description: optionalText(255),
  type: intLike(0, 1, '字典类型只能是0（字符串）或1（数字）').optional(),
};
export const dictAddBody = z.object(dictFields);
export const dictEditBody = z.object({ id: idField, ...dictFields });
export type DictAddBody = z.infer<typeof dictAddBody>;
export type DictEditBody = z.infer<typeof dictEditBody>;

/** The columns of sys_dict_item, so that the dialog, the 表格编辑 grid and the server refuse the same input. */
export const DICT_ITEM_MAX = { itemText: 100, itemValue: 100, description: 255 } as const;
/** A dictionary holds tens of items; the 表格编辑 grid loads and saves them all at once. */
export const MAX_DICT_ITEMS = 1000;

const dictItemCells = {
  itemText: required(DICT_ITEM_MAX.itemText, DictMsg.itemTextRequired).transform((v) => v.trim()),
  itemValue: required(DICT_ITEM_MAX.itemValue, DictMsg.itemValueRequired).transform((v) => v.trim()),
  description: optionalText(DICT_ITEM_MAX.description),
  status: intLike(0, 1, '状态只能是1（启用）或0（不启用）').nullish(),
};
const dictItemFields = {
  dictId: idField,
  ...dictItemCells,
  sortOrder: intLike(-1_000_000, 1_000_000, '排序值应为整数').nullish(),
};
export const dictItemAddBody = z.object(dictItemFields);
export const dictItemEditBody = z.object({ id: idField, ...dictItemFields });
export type DictItemAddBody = z.infer<typeof dictItemAddBody>;
export type DictItemEditBody = z.infer<typeof dictItemEditBody>;

/** The column titles of 表格编辑, which name the cell a refusal is about. */
export const DictItemColumn = { itemText: '名称', itemValue: '数据值', description: '描述', status: '启用' } as const;

/**
 * One row of 表格编辑: an item's cells, checked cell by cell with the messages the grid shows (the title
 * of the column first, where the message does not name the field itself). `id` names an item of the
 * dictionary; a row without one is added. Its 排序 is its place in the table.
 */
export const dictItemRow = z.object({
  id: idField.nullish(),
  itemText: dictItemCells.itemText,
  itemValue: dictItemCells.itemValue,
  description: dictItemCells.description,
  status: dictItemCells.status,
});
export type DictItemRow = z.infer<typeof dictItemRow>;

/** The first refusal of one cell of 表格编辑, worded as the grid and the server say it; null when the value is fine. */
export function dictItemCellError(key: keyof typeof DictItemColumn, value: unknown): string | null {
  const checked = dictItemRow.shape[key].safeParse(value === '' && key !== 'itemText' && key !== 'itemValue' ? null : value);
  if (checked.success) return null;
  const message = checked.error.issues[0]?.message ?? '格式不正确';
  return message.startsWith('长度不能超过') ? `${DictItemColumn[key]}${message}` : message;
}

/** The first refusal among the cells of one row, in column order. */
export function dictItemRowError(row: Record<string, unknown>): string | null {
  for (const key of Object.keys(DictItemColumn) as (keyof typeof DictItemColumn)[]) {
    const error = dictItemCellError(key, row[key]);
    if (error) return error;
  }
  return null;
}

/** A refusal of 表格编辑 that names the row (1-based, as the grid numbers it). */
export const dictTableRowError = (row: number, message: string) => `第 ${row} 行：${message}`;

/**
 * 表格编辑 saved at once: the rows in their order (each row's 排序 becomes its place, 1…n), and the ids
 * removed. All rows are saved or none; a refusal names the row. The rows are checked by the server with
 * `dictItemRow`, one by one, so that the message can say which.
 */
export const dictItemTableBody = z.object({
  dictId: idField,
  values: z.array(z.record(z.string(), z.unknown()), { error: '缺少表格数据' }).max(MAX_DICT_ITEMS, `每个字典最多 ${MAX_DICT_ITEMS} 项`),
  deleteIds: z.array(idField).max(MAX_DICT_ITEMS).default([]),
});
export type DictItemTableBody = z.infer<typeof dictItemTableBody>;
export const DictItemPath = { saveTable: '/sys/dictItem/saveTable' } as const;

const identifier = (label: string) =>
  z
    .string({ error: `${label}不能为空` })
    .min(1, `${label}不能为空`)
    .max(64, `${label}过长`);
const tableDictFields = {
  tableName: identifier('表名'),
  textField: identifier('文本字段'),
  codeField: identifier('编码字段'),
  filterKey: text(64).nullish(),
  description: optionalText(255),
  enabled: intLike(0, 1, '启用状态只能是1或0').optional(),
};
/** A table dictionary the admin registers; its code `table,text,code` is derived, never typed. */
export const tableDictAddBody = z.object(tableDictFields);
export const tableDictEditBody = z.object({ id: idField, ...tableDictFields });
export type TableDictAddBody = z.infer<typeof tableDictAddBody>;
export type TableDictEditBody = z.infer<typeof tableDictEditBody>;

/** record-fields.ts's audit columns, under the name the report and data-source schemas still import. */
export const auditShape = auditFields;

/** One item as the dictionary calls answer it (getDictItems, loadDict, queryAllDictItems). */
export const dictModelSchema = z.object({ value: z.string(), text: z.string(), title: z.string() });
true satisfies SameType<z.infer<typeof dictModelSchema>, DictModel>;
/**
 * An item of the calls that also read registered table dictionaries (getDictItems, loadDict): a row whose
 * code column is empty answers a null value, as it is stored.
 */
export const dictOptionSchema = dictModelSchema.extend({ value: z.string().nullable() });

export const dictRecordSchema = z.object({
  id: z.string(),
  dictName: z.string(),
  dictCode: z.string(),
  description: z.string().nullable(),
  delFlag: z.number(),
  type: z.number(),
  ...auditFields,
});
export type DictRecord = z.infer<typeof dictRecordSchema>;

/** treeList row (JEECG SysDictTree): the dictionary plus key/title for antd trees. */
export const dictTreeRecordSchema = dictRecordSchema.extend({ key: z.string(), title: z.string() });
export type DictTreeRecord = z.infer<typeof dictTreeRecordSchema>;

export const dictItemRecordSchema = z.object({
  id: z.string(),
  dictId: z.string(),
  itemText: z.string(),
  itemValue: z.string(),
  description: z.string().nullable(),
  sortOrder: z.number(),
  status: z.number(),
  /** list only */
  status_dictText: z.string().optional(),
  ...auditFields,
});
export type DictItemRecord = z.infer<typeof dictItemRecordSchema>;

export const tableDictRecordSchema = z.object({
  id: z.string(),
  code: z.string(),
  tableName: z.string(),
  textField: z.string(),
  codeField: z.string(),
  filterKey: z.string().nullable(),
  description: z.string().nullable(),
  enabled: z.number(),
  ...auditFields,
});
export type TableDictRecord = z.infer<typeof tableDictRecordSchema>;

/** What an admin may register: each allowed table, its selectable columns and its fixed filters. */
export const tableDictSourceSchema = z.object({
  table: z.string(),
  columns: z.array(z.string()),
  filters: z.array(z.object({ key: z.string(), label: z.string() })),
});
export type TableDictSource = z.infer<typeof tableDictSourceSchema>;

/** The read calls every screen makes (getDictItems …) only need a session; these guard the administration. */
export const DictPerm = permCodes('system:dict', ['list', 'add', 'edit', 'delete', 'recycle', 'deletePhysic', 'export', 'import']);
export const DictItemPerm = permCodes('system:dictItem', ['list', 'add', 'edit', 'delete']);
export const TableDictPerm = permCodes('system:tableDict', ['list', 'add', 'edit', 'delete']);

/** 数据字典: `/sys/dict/list` … `deleteBatch`; a deleted dictionary goes to the recycle bin. */
export const dictResource = defineResource<DictRecord>()({
  basePath: '/sys/dict',
  entity: '字典',
  perm: DictPerm,
  record: dictRecordSchema,
  routes: ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel'],
  addBody: dictAddBody,
  editBody: dictEditBody,
  docs: {
    list: { summary: '字典分页列表', description: '未删除的字典；支持 JeecgBoot 查询约定。' },
    add: { description: '字典编码必填且唯一（回收站中的也算）。' },
    delete: { summary: '删除字典（移入回收站）' },
    deleteBatch: { summary: '批量删除字典（移入回收站）', description: 'ids 逗号分隔，可带末尾逗号。' },
    exportXls: { description: '每个字典项一行（字典名称、字典编码、描述重复在其每一行）；没有字典项的字典一行。' },
    importExcel: { description: '字典编码首次出现的行新增字典（已有的编码拒绝），带字典项的行新增字典项；错误的行跳过并报告行号和原因。' },
  },
});

/** 字典项 of one dictionary (`dictId`): `/sys/dictItem/list` … `deleteBatch`, no queryById. */
export const dictItemResource = defineResource<DictItemRecord>()({
  basePath: '/sys/dictItem',
  entity: '字典项',
  perm: DictItemPerm,
  record: dictItemRecordSchema,
  routes: ['list', 'add', 'edit', 'delete', 'deleteBatch'],
  addBody: dictItemAddBody,
  editBody: dictItemEditBody,
  docs: {
    list: { description: '按 dictId 查询，按排序号排列；status 带 status_dictText。' },
    add: { description: '文本与值必填；值在所属字典内唯一。' },
  },
});

/** 表字典登记: `/sys/tableDict/list` … `deleteBatch`. */
export const tableDictResource = defineResource<TableDictRecord>()({
  basePath: '/sys/tableDict',
  entity: '表字典登记',
  perm: TableDictPerm,
  record: tableDictRecordSchema,
  routes: ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch'],
  addBody: tableDictAddBody,
  editBody: tableDictEditBody,
  docs: {
    list: { summary: '已登记的表字典' },
    add: { summary: '登记表字典', description: '表、文本字段、编码字段与过滤条件须在白名单内；编码 `表,文本字段,编码字段` 自动生成。' },
  },
});
