import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CategoryMsg, categoryFlow, categoryRecordSchema, categoryResource } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import { registerResource, systemDataMessages } from '../../../platform/resource/resource-routes.ts';
import { listQuerySchema } from '../../../platform/list/list-schema.ts';
import * as service from './category.service.ts';
import { exportCategories, importCategories } from './category.excel.ts';

const tags = ['分类字典'];

export async function categoryRoutes(app: FastifyInstance, deps: AppDeps) {
  registerFlow(app, deps, categoryFlow, {
    tags,
    docs: {
      rootList: { description: '默认列出顶级分类（pid 为 "0"）；支持 JeecgBoot 查询约定（name、code）。' },
      loadTreeRoot: { description: 'pcode 下的节点 {key, title, value, code, parentId, isLeaf}；async=false 时连同全部下级一起返回。' },
      loadTreeData: { description: '嵌套的 children；可用 pcode 只取某分类之下。' },
      loadDictItem: { description: 'ids 逗号分隔；answer 为按 ids 顺序排列的名称数组（未知 id 跳过）。' },
    },
    // the list's query is the whitelist's, which only the server holds
    queries: { rootList: listQuerySchema(service.categoryWhitelist, { pid: z.string().max(36).optional().describe('上级分类 id，默认 "0"（顶级）') }) },
    handlers: {
      rootList: service.rootList,
      childList: service.childList,
      // ---- pickers (any signed-in user) ----
      loadTreeRoot: service.treeRoot,
      loadTreeChildren: service.treeChildren,
      loadTreeData: service.treeData,
      loadDictItem: service.namesOf,
    },
  });

  registerResource(app, deps, categoryResource, {
    tags,
    replies: { add: categoryRecordSchema },
    // the export's filter: every level, not only the roots the list shows
    listResource: service.categoryWhitelist,
    docs: {
      add: { description: 'pid 为空或 "0" 时为顶级分类；编码按层级自动生成（A01、A01A01 …），请求中的 code 不采用。' },
      edit: { description: '只能修改名称；上级分类与编码不可修改。' },
      delete: { description: '有子分类时拒绝删除。' },
      deleteBatch: { description: '所选分类若还有未选中的子分类则拒绝删除。' },
      exportXls: { description: '全部层级按编码排列，带父级编码；可按 name、code、pid 筛选。' },
      importExcel: { description: '逐行新增，编码自动生成；父级编码为已有分类的编码，或本文件前面行的类型编码；空为顶级。' },
    },
    service: { ...service.resource, exportXls: exportCategories, importExcel: importCategories },
    messages: systemDataMessages(CategoryMsg),
  });
}
