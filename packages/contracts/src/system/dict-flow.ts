import { z } from 'zod';
import { defineFlow } from '../flow.ts';
import { Msg } from '../messages.ts';
import {
  DictItemPerm,
  dictItemTableBody,
  dictModelSchema,
  DictMsg,
  dictOptionSchema,
  DictPerm,
  dictRecordSchema,
  dictTreeRecordSchema,
  TableDictPerm,
  tableDictSourceSchema,
  type DictItemRecord,
  type DictRecord,
  type TableDictRecord,
} from './dict.ts';

const dictCode = z.string().min(1).max(200);
const dictCodeParams = z.object({ dictCode });
const idParams = z.object({ id: z.string().min(1).max(36) });

/** One node of the stock TreeSelectModel: `leaf` is how Jackson wrote its isLeaf; both are given. */
export const treeSelectNodeSchema = z.object({
  key: z.string(),
  value: z.string(),
  title: z.string(),
  parentId: z.string().nullable(),
  isLeaf: z.boolean(),
  leaf: z.boolean(),
});
export type TreeSelectNode = z.infer<typeof treeSelectNodeSchema>;

/**
 * 数据字典 beyond its standard routes (JEECG-API §5.3): the calls every screen makes with a session
 * (items by code, table dictionaries, texts), and the administration's tree list and recycle bin.
 */
export const dictFlow = defineFlow<DictRecord>()({
  basePath: '/sys/dict',
  actions: {
    getDictItems: {
      path: 'getDictItems/:dictCode',
      method: 'GET',
      signedIn: true,
      onboarding: true,
      params: dictCodeParams,
      reply: z.array(dictOptionSchema),
      summary: '按字典编码取字典项',
    },
    queryAllDictItems: {
      path: 'queryAllDictItems',
      method: 'GET',
      signedIn: true,
      onboarding: true,
      reply: z.record(z.string(), z.array(dictModelSchema)),
      summary: '全部启用的字典项',
    },
    refleshCache: { path: 'refleshCache', method: 'GET', alsoMethods: ['POST', 'PUT'], signedIn: true, reply: z.null(), summary: '刷新字典缓存' },
    loadDictItem: {
      path: 'loadDictItem/:dictCode',
      method: 'GET',
      signedIn: true,
      params: dictCodeParams,
      query: z.object({ key: z.string().max(20_000).default('') }),
      reply: z.array(z.string()),
      summary: '按值取表字典文本',
    },
    loadDict: {
      path: 'loadDict/:dictCode',
      method: 'GET',
      signedIn: true,
      params: dictCodeParams,
      query: z.object({ keyword: z.string().max(100).default('') }),
      reply: z.array(dictOptionSchema),
      summary: '搜索表字典',
    },
    getDictText: {
      path: 'getDictText/:dictCode/:key',
      method: 'GET',
      signedIn: true,
      onboarding: true,
      params: z.object({ dictCode, key: z.string().min(1).max(200) }),
      reply: z.string().nullable(),
      summary: '取一个值的字典文本',
    },
    loadTreeData: {
      path: 'loadTreeData',
      method: 'GET',
      signedIn: true,
      query: z.object({
        tableName: z.string().max(64).default(''),
        text: z.string().max(64).default(''),
        code: z.string().max(64).default(''),
        pidField: z.string().max(64).default(''),
        pid: z.string().max(64).default(''),
        hasChildField: z.string().max(64).default(''),
        condition: z.string().max(1000).default(''),
        sign: z.string().max(200).optional(),
      }),
      reply: z.array(treeSelectNodeSchema),
      summary: '按表字典加载一层树节点（JTreeSelect）',
    },
    treeList: {
      path: 'treeList',
      method: 'GET',
      permission: DictPerm.list,
      query: z.object({ dictName: z.string().max(100).optional() }),
      reply: z.array(dictTreeRecordSchema),
      done: Msg.querySuccess,
      summary: '字典平铺列表（树形控件用）',
    },
    deleteList: {
      path: 'deleteList',
      method: 'GET',
      permission: DictPerm.recycle,
      reply: z.array(dictRecordSchema),
      done: Msg.querySuccess,
      summary: '字典回收站',
    },
    back: {
      path: 'back/:id',
      method: 'PUT',
      permission: DictPerm.recycle,
      params: idParams,
      reply: z.null(),
      done: DictMsg.restored,
      summary: '从回收站还原字典',
    },
    deletePhysic: {
      path: 'deletePhysic/:id',
      method: 'DELETE',
      permission: DictPerm.deletePhysic,
      params: idParams,
      reply: z.null(),
      done: DictMsg.deleted,
      summary: '彻底删除回收站中的字典',
    },
  },
});

/** 字典项 beyond its standard routes: the value check of the item dialog, and 表格编辑 saved at once. */
export const dictItemFlow = defineFlow<DictItemRecord>()({
  basePath: '/sys/dictItem',
  actions: {
    dictItemCheck: {
      path: 'dictItemCheck',
      method: 'GET',
      permission: DictItemPerm.list,
      query: z.object({ dictId: z.string().min(1).max(36), itemValue: z.string().max(100), id: z.string().max(36).optional() }),
      reply: z.null(),
      summary: '字典项值查重',
    },
    saveTable: {
      path: 'saveTable',
      permission: DictItemPerm.edit,
      body: dictItemTableBody,
      reply: z.null(),
      done: DictMsg.saved,
      summary: '表格编辑：整表保存字典项',
    },
  },
});

/** 表字典登记: what may be registered, from the server's allow-list. */
export const tableDictFlow = defineFlow<TableDictRecord>()({
  basePath: '/sys/tableDict',
  actions: {
    sources: { path: 'sources', method: 'GET', permission: TableDictPerm.list, reply: z.array(tableDictSourceSchema), summary: '可登记的表、字段与过滤条件' },
  },
});
