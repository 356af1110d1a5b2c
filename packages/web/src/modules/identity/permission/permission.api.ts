import { permissionFlow, permissionResource, type dataRuleBody, type DataRuleRecord, type PermissionTreeNode } from '@sbwq/contracts';
import type { z } from 'zod';
import { flowApi } from '../../../platform/flowApi.ts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';
import { unwrap } from '../../../platform/result.ts';

/** 菜单管理 (JEECG-API §3.2): the standard writes from the contract, the tree and the menus' data rules from its flow. */
export type PermissionNode = PermissionTreeNode;
export const permissionApi = resourceApi(permissionResource);
export type PermissionInput = ResourceBody<typeof permissionResource>;
const permission = flowApi(permissionFlow);

/** The whole tree; empty `children` arrays dropped so leaves show no expand icon. */
export const permissionTree = () =>
  permission
    .tree(undefined)
    .then(unwrap)
    .then(function prune(nodes: PermissionNode[]): PermissionNode[] {
      return nodes.map(({ children, ...node }) => (children?.length ? { ...node, children: prune(children) } : node));
    });

export type RuleRecord = DataRuleRecord;
export type RuleInput = z.input<typeof dataRuleBody>;

export const permissionRules = (permissionId: string) => permission.rulesOfMenu({ permissionId }).then(unwrap);
export const addRule = (body: RuleInput) => permission.addRule(body);
export const editRule = (id: string, body: RuleInput) => permission.editRule({ ...body, id });
export const deleteRule = (id: string) => permission.deleteRule({ id });
