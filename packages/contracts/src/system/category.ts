import { z } from 'zod';
import { idField } from './dict.ts';
import { auditFields } from '../record-fields.ts';
import { defineFlow, pageSchema } from '../flow.ts';
import { Msg } from '../messages.ts';
import { defineResource, permCodes } from '../resource.ts';

/** 分类字典 (sys_category, JEECG-API §4.5): a tree whose root pid is "0" and whose codes grow a segment per level. */
export const CATEGORY_ROOT_PID = '0';

export const CategoryMsg = {
  nameRequired: '分类名称不能为空!',
  parentMissing: '上级分类不存在',
  hasChildren: '该分类下还有子分类，请先删除子分类',
  codeReadonly: '分类编码由系统生成，不能修改',
  pidReadonly: '不支持修改上级分类',
  levelFull: '同级分类数量已达上限',
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
  notFound: '未找到对应数据',
} as const;

const name = z
  .string({ error: CategoryMsg.nameRequired })
  .max(100, '长度不能超过100个字符')
  .refine((v) => v.trim() !== '', CategoryMsg.nameRequired)
  .transform((v) => v.trim());
const pid = z.string().max(36, '上级分类不正确').nullish();

/** The code is generated from the parent's code; a code sent on add is ignored, as in JeecgBoot. */
export const categoryAddBody = z.object({ pid, name, code: z.string().max(100).nullish() });
/** pid and code may be sent back unchanged (JeecgBoot forms send the whole row) but not changed. */
export const categoryEditBody = z.object({ id: idField, pid, name, code: z.string().max(100).nullish() });
export type CategoryAddBody = z.infer<typeof categoryAddBody>;
export type CategoryEditBody = z.infer<typeof categoryEditBody>;

export const categoryRecordSchema = z.object({
  id: z.string(),
  pid: z.string(),
  name: z.string(),
  code: z.string(),
  hasChild: z.enum(['0', '1']),
  sysOrgCode: z.string().nullable(),
  ...auditFields,
});
export type CategoryRecord = z.infer<typeof categoryRecordSchema>;

const treeNodeShape = {
  key: z.string(),
  title: z.string(),
  value: z.string(),
  code: z.string(),
  parentId: z.string(),
  isLeaf: z.boolean(),
};
/** Node of the picker calls loadTreeRoot / loadTreeChildren / loadTreeData; loadTreeData nests the children. */
export type CategoryTreeNode = z.infer<z.ZodObject<typeof treeNodeShape>> & { children?: CategoryTreeNode[] };
/**
 * The nested children are nodes too (the service builds each with the same fields); the schema passes
 * them on as they are, since the OpenAPI generator cannot write a schema that refers to itself.
 */
export const categoryTreeNodeSchema = z.object({ ...treeNodeShape, children: z.array(z.custom<CategoryTreeNode>()).optional() });

export const CategoryPerm = permCodes('system:category', ['list', 'add', 'edit', 'delete', 'export', 'import']);

/**
 * 分类字典 as a resource: queryById, add … deleteBatch are standard; its list is `rootList`
 * (one level of the tree, default the roots) and `childList`, beside them.
 */
export const categoryResource = defineResource<CategoryRecord>()({
  basePath: '/sys/category',
  entity: '分类',
  perm: CategoryPerm,
  record: categoryRecordSchema,
  routes: ['queryById', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel'],
  addBody: categoryAddBody,
  editBody: categoryEditBody,
  docs: {
    add: { description: 'pid 为空或 "0" 时为顶级分类；编码按层级自动生成（A01、A01A01 …），请求中的 code 不采用。' },
    edit: { description: '只能修改名称；上级分类与编码不可修改。' },
    delete: { description: '有子分类时拒绝删除。' },
    deleteBatch: { description: '所选分类若还有未选中的子分类则拒绝删除。' },
    exportXls: { description: '全部层级按编码排列，带父级编码；可按 name、code、pid 筛选。' },
    importExcel: { description: '逐行新增，编码自动生成；父级编码为已有分类的编码，或本文件前面行的类型编码；空为顶级。' },
  },
});

const pcode = z.string().max(100).optional().describe('上级分类编码，空或 0 为顶级');
const treeReply = z.array(categoryTreeNodeSchema);

/**
 * 分类字典 beyond its standard routes: its list, one level of the tree at a time (`rootList`, paged,
 * default the roots; `childList`), and the pickers' calls any signed-in user makes.
 */
export const categoryFlow = defineFlow<CategoryRecord>()({
  basePath: '/sys/category',
  actions: {
    // the server checks the filters against its whitelist; these are what the screen sends
    rootList: {
      path: 'rootList',
      method: 'GET',
      permission: CategoryPerm.list,
      query: z.object({ pid: z.string().max(36).optional(), pageNo: z.coerce.number().optional(), pageSize: z.coerce.number().optional() }).loose(),
      reply: pageSchema(categoryRecordSchema),
      done: Msg.querySuccess,
      summary: '分类分页列表',
    },
    childList: {
      path: 'childList',
      method: 'GET',
      permission: CategoryPerm.list,
      query: z.object({ pid: z.string().max(36).default(CATEGORY_ROOT_PID) }),
      reply: z.array(categoryRecordSchema),
      done: Msg.querySuccess,
      summary: '下级分类列表',
    },
    loadTreeRoot: {
      path: 'loadTreeRoot',
      method: 'GET',
      signedIn: true,
      query: z.object({ async: z.enum(['true', 'false']).default('true'), pcode }),
      reply: treeReply,
      summary: '分类选择：顶级节点',
    },
    loadTreeChildren: {
      path: 'loadTreeChildren',
      method: 'GET',
      signedIn: true,
      query: z.object({ pid: z.string().min(1).max(36) }),
      reply: treeReply,
      summary: '分类选择：下级节点',
    },
    loadTreeData: { path: 'loadTreeData', method: 'GET', signedIn: true, query: z.object({ pcode }), reply: treeReply, summary: '分类选择：整棵树' },
    loadDictItem: {
      path: 'loadDictItem',
      method: 'GET',
      signedIn: true,
      query: z.object({ ids: z.string().max(40_000).default('') }),
      reply: z.array(z.string()),
      summary: '分类 id 转名称',
    },
  },
});
