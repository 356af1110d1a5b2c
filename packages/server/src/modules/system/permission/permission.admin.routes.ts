import type { FastifyInstance } from 'fastify';
import { permissionFlow, permissionResource } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerFlow } from '../../../platform/flow/flow-routes.ts';
import { splitIds } from '../../../platform/http/ids.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import * as service from './permission.admin.service.ts';

const tags = ['菜单权限管理'];

/** 菜单管理 (JEECG-API §3.2), guarded by the PermissionPerm codes. */
export async function permissionAdminRoutes(app: FastifyInstance, deps: AppDeps) {
  const menuTypes = () => deps.dicts.dictTexts('menu_type');

  registerResource(app, deps, permissionResource, {
    tags,
    docs: {
      add: { summary: '添加菜单或按钮' },
      edit: { summary: '编辑菜单或按钮' },
      delete: { summary: '删除菜单（含下级、数据规则与授权）' },
    },
    service: {
      add: service.addPermission,
      edit: service.editPermission,
      remove: service.deletePermissions,
    },
    messages: { added: '添加成功！', edited: '修改成功！', deleted: '删除成功!' },
  });

  registerFlow(app, deps, permissionFlow, {
    tags,
    handlers: {
      tree: async ({ db }) => service.permissionTree(db, await menuTypes()),
      systemMenus: async ({ db }) => service.systemMenus(db, await menuTypes()),
      submenus: async ({ db }, query) => service.submenus(db, [query.parentId], await menuTypes()),
      submenusBatch: async ({ db }, query) => service.submenusByParent(db, splitIds(query.parentIds), await menuTypes()),
      selectTree: ({ db }) => service.selectTree(db),
      rulesOfMenu: ({ db }, query) => service.rulesOfMenu(db, query.permissionId),
      findRules: ({ db }, query) => service.findRules(db, query),
      addRule: async ({ db, user }, body) => {
        await service.saveRule(db, user, { ...body, id: undefined });
        return null;
      },
      editRule: async ({ db, user }, body) => {
        await service.saveRule(db, user, body);
        return null;
      },
      deleteRule: async ({ db }, query) => {
        await service.deleteRule(db, query.id);
        return null;
      },
    },
  });
}
