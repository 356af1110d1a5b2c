import { permissionResource, type dataRuleBody, type DataRuleRecord, type PermissionTreeNode } from '@sbwq/contracts';
import type { z } from 'zod';
import { http } from '../../../platform/http.ts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';
import { unwrap } from '../../../platform/result.ts';

/** 菜单管理 (JEECG-API §3.2): the tree, the standard writes from the contract, and the menus' data rules. */
export type PermissionNode = PermissionTreeNode;
export const permissionApi = resourceApi(permissionResource);
export type PermissionInput = ResourceBody<typeof permissionResource>;

/** The whole tree; empty `children` arrays dropped so leaves show no expand icon. */
export const permissionTree = () =>
  http
    .get<PermissionNode[]>('/sys/permission/list')
    .then(unwrap)
    .then(function prune(nodes: PermissionNode[]): PermissionNode[] {
      return nodes.map(({ children, ...node }) => (children?.length ? { ...node, children: prune(children) } : node));
    });

export type RuleRecord = DataRuleRecord;
export type RuleInput = z.input<typeof dataRuleBody>;

export const permissionRules = (permissionId: string) => http.get<RuleRecord[]>('/sys/permission/getPermRuleListByPermId', { permissionId }).then(unwrap);
export const addRule = (body: RuleInput) => http.post('/sys/permission/addPermissionRule', body);
export const editRule = (body: RuleInput) => http.put('/sys/permission/editPermissionRule', body);
export const deleteRule = (id: string) => http.delete('/sys/permission/deletePermissionRule', { id });
