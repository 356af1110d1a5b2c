import type { FastifyInstance } from 'fastify';
import { dictFlow, dictItemFlow, dictItemResource, DictMsg, dictResource } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import { registerResource, systemDataMessages } from '../../../platform/resource/resource-routes.ts';
import * as admin from './dict-admin.service.ts';
import * as actions from './dict.actions.ts';
import { tableDictRoutes } from './table-dict.routes.ts';
import { exportDicts, importDicts } from './dict.excel.ts';

const tags = ['数据字典'];

export async function dictRoutes(app: FastifyInstance, deps: AppDeps) {
  // ---- calls every screen makes (signed in), the tree list and the recycle bin ----

  registerFlow(app, deps, dictFlow, {
    tags,
    docs: {
      getDictItems: { description: '字典编码，或已登记的表字典 `表,文本字段,编码字段`；未登记的表字典一律拒绝。' },
      queryAllDictItems: { description: '字典编码 → [{value, text, title}]，按排序号排列。' },
      refleshCache: { description: '清除服务端字典缓存（配置 Redis 时所有服务进程一起清除）。' },
      loadDictItem: { description: '已登记的表字典 `表,文本字段,编码字段`；key 为逗号分隔的值，answer 为按 key 顺序排列的文本数组（无匹配的值跳过）。' },
      loadDict: { description: '已登记的表字典中文本包含 keyword 的项（%、_ 按普通字符匹配），最多 50 条。' },
      getDictText: { description: '字典编码或已登记的表字典；answer 为文本，未找到时为 null。' },
      loadTreeData: {
        description:
          '原版 JTreeSelect：tableName,text,code 须为已登记的表字典，且该表在树形登记中（sys_category、sys_depart）；pidField / hasChildField 只认登记的字段，condition 为 JSON 对象（字段须登记，值一律绑定）；pid 为空取顶层。answer 为 [{key, value, title, parentId, isLeaf, leaf}]。',
      },
      treeList: { description: '每项带 key、title；可按 dictName 模糊查询。' },
      deleteList: { description: '已删除的字典列表（不分页）。' },
      deletePhysic: { description: '连同其字典项一起删除，不可恢复。' },
    },
    // dict.actions.ts exports one function per action, under the action's name
    handlers: actions,
  });

  // ---- dictionary administration ----

  registerResource(app, deps, dictResource, {
    tags,
    listResource: admin.dictWhitelist,
    service: { ...admin.resource, exportXls: exportDicts, importExcel: importDicts },
    messages: systemDataMessages({ ...DictMsg, added: DictMsg.saved }),
  });

  // ---- dictionary items ----

  registerResource(app, deps, dictItemResource, {
    tags,
    listResource: admin.dictItemWhitelist,
    service: admin.itemResource,
    messages: { added: DictMsg.saved, edited: DictMsg.edited, deleted: DictMsg.deleted, idsRequired: DictMsg.idsRequired },
  });

  registerFlow(app, deps, dictItemFlow, {
    tags,
    docs: {
      dictItemCheck: { description: '同一字典内该值是否可用；编辑时传 id 排除自身。' },
      saveTable: {
        description:
          'values 为表格中按顺序排列的全部行（有 id 的修改，无 id 的新增，排序号为行的位置 1…n），deleteIds 为删除的字典项；在一个事务内全部保存或全部不保存，拒绝时消息写明第几行。新增需字典项新增权限，删除需删除权限。',
      },
    },
    handlers: {
      dictItemCheck: admin.itemValueFree,
      saveTable: admin.saveItemTable,
    },
  });

  await tableDictRoutes(app, deps);
}
