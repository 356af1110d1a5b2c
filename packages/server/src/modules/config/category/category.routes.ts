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
    service: { ...service.resource, exportXls: exportCategories, importExcel: importCategories },
    messages: systemDataMessages(CategoryMsg),
  });
}
