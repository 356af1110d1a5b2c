import { z } from 'zod';
import { defineFlow } from '../flow.ts';
import { Msg } from '../messages.ts';
import { permissionResultSchema } from './auth.ts';
import {
  dataRuleBody,
  dataRuleEditBody,
  dataRuleQuery,
  dataRuleRecordSchema,
  grantTreeSchema,
  PermissionPerm,
  permissionTreeNodeSchema,
} from './permission.ts';

const menuList = z.array(permissionTreeNodeSchema);

/** 菜单管理 beyond its standard writes (JEECG-API §3.2): the menu trees and the menus' data rules. */
export const permissionFlow = defineFlow()({
  basePath: '/sys/permission',
  actions: {
    tree: { path: 'list', method: 'GET', permission: PermissionPerm.list, reply: menuList, summary: '菜单与按钮的完整树' },
    systemMenus: { path: 'getSystemMenuList', method: 'GET', permission: PermissionPerm.list, reply: menuList, summary: '一级菜单' },
    submenus: {
      path: 'getSystemSubmenu',
      method: 'GET',
      permission: PermissionPerm.list,
      query: z.object({ parentId: z.string().min(1).max(36) }),
      reply: menuList,
      summary: '直接下级',
    },
    submenusBatch: {
      path: 'getSystemSubmenuBatch',
      method: 'GET',
      permission: PermissionPerm.list,
      query: z.object({ parentIds: z.string().min(1).max(20_000) }),
      reply: z.record(z.string(), menuList),
      summary: '多个上级的直接下级',
    },
    selectTree: { path: 'queryTreeList', method: 'GET', permission: PermissionPerm.list, reply: grantTreeSchema, summary: '选择用的菜单树 {treeList, ids}' },
    rulesOfMenu: {
      path: 'getPermRuleListByPermId',
      method: 'GET',
      permission: PermissionPerm.rule,
      query: z.object({ permissionId: z.string().min(1).max(36) }),
      reply: z.array(dataRuleRecordSchema),
      summary: '菜单的数据规则',
    },
    findRules: {
      path: 'queryPermissionRule',
      method: 'GET',
      permission: PermissionPerm.rule,
      query: dataRuleQuery,
      reply: z.array(dataRuleRecordSchema),
      done: '查询成功！',
      summary: '按条件查询数据规则',
    },
    addRule: { path: 'addPermissionRule', permission: PermissionPerm.rule, body: dataRuleBody, reply: z.null(), done: '添加成功！', summary: '添加数据规则' },
    editRule: {
      path: 'editPermissionRule',
      method: 'PUT',
      alsoMethods: ['POST'],
      permission: PermissionPerm.rule,
      body: dataRuleEditBody,
      reply: z.null(),
      done: '更新成功！',
      summary: '编辑数据规则',
    },
    deleteRule: {
      path: 'deletePermissionRule',
      method: 'DELETE',
      permission: PermissionPerm.rule,
      query: z.object({ id: z.string({ error: '缺少ID' }).min(1, '缺少ID').max(36) }),
      reply: z.null(),
      done: '删除成功！',
      summary: '删除数据规则',
    },
  },
});

/** The signed-in user's menus and buttons (JEECG-API §3.1), read after login and on every reload. */
export const myPermissionFlow = defineFlow()({
  basePath: '/sys/permission',
  actions: {
    mine: {
      path: 'getUserPermissionByToken',
      method: 'GET',
      signedIn: true,
      onboarding: true,
      query: z.object({ token: z.string().max(200).optional() }),
      reply: permissionResultSchema,
      done: Msg.querySuccess,
      summary: '当前用户的菜单与按钮权限',
    },
  },
});
