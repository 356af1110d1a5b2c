import type { DataRuleBody } from '@sbwq/contracts';
import type { ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { splitIds } from '../../../platform/http/ids.ts';
import * as service from './permission.admin.service.ts';

/**
 * The handlers of permissionFlow, one export per action and named as it, so that the routes register
 * this module as it is. The menu trees answer 菜单类型 with its dictionary text.
 */

const menuTypes = (ctx: ResourceCtx) => ctx.deps.dicts.dictTexts('menu_type');

export const tree = async (ctx: ResourceCtx) => service.permissionTree(ctx.db, await menuTypes(ctx));

export const systemMenus = async (ctx: ResourceCtx) => service.systemMenus(ctx.db, await menuTypes(ctx));

export const submenus = async (ctx: ResourceCtx, query: { parentId: string }) => service.submenus(ctx.db, [query.parentId], await menuTypes(ctx));

export const submenusBatch = async (ctx: ResourceCtx, query: { parentIds: string }) =>
  service.submenusByParent(ctx.db, splitIds(query.parentIds), await menuTypes(ctx));

export const selectTree = ({ db }: ResourceCtx) => service.selectTree(db);

export const rulesOfMenu = ({ db }: ResourceCtx, query: { permissionId: string }) => service.rulesOfMenu(db, query.permissionId);

export const findRules = ({ db }: ResourceCtx, query: Parameters<typeof service.findRules>[1]) => service.findRules(db, query);

export const addRule = ({ db, user }: ResourceCtx, body: DataRuleBody) => service.saveRule(db, user, { ...body, id: undefined }).then(() => null);

export const editRule = ({ db, user }: ResourceCtx, body: DataRuleBody) => service.saveRule(db, user, body).then(() => null);

export const deleteRule = ({ db }: ResourceCtx, query: { id: string }) => service.deleteRule(db, query.id).then(() => null);
