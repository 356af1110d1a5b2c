import type { PermissionBody, PermissionTreeNode } from '@sbwq/contracts';
import { http } from '../../../platform/http.ts';
import { unwrap } from '../../../platform/result.ts';

/** Typed calls of 菜单管理 (JEECG-API §3.2). */
export type PermissionNode = PermissionTreeNode;

export type PermissionInput = Omit<Partial<PermissionBody>, 'route' | 'keepAlive' | 'hidden' | 'alwaysShow' | 'internalOrExternal'> &
  Record<'route' | 'keepAlive' | 'hidden' | 'alwaysShow' | 'internalOrExternal', boolean | undefined>;

/** The whole tree; empty `children` arrays dropped so leaves show no expand icon. */
export const permissionTree = () =>
  http
    .get<PermissionNode[]>('/sys/permission/list')
    .then(unwrap)
    .then(function prune(nodes: PermissionNode[]): PermissionNode[] {
      return nodes.map(({ children, ...node }) => (children?.length ? { ...node, children: prune(children) } : node));
    });

export const addPermission = (body: PermissionInput) => http.post('/sys/permission/add', body);
export const editPermission = (body: PermissionInput) => http.put('/sys/permission/edit', body);
export const deletePermission = (id: string) => http.delete('/sys/permission/delete', { id });
export const deletePermissions = (ids: string[]) => http.delete('/sys/permission/deleteBatch', { ids: ids.join(',') });

export type RuleRecord = { id: string; permissionId: string; ruleName: string; ruleColumn: string; ruleConditions: string; ruleValue: string; status: string; createTime: string | null };
export type RuleInput = Omit<RuleRecord, 'id' | 'createTime'> & { id?: string };

export const permissionRules = (permissionId: string) => http.get<RuleRecord[]>('/sys/permission/getPermRuleListByPermId', { permissionId }).then(unwrap);
export const addRule = (body: RuleInput) => http.post('/sys/permission/addPermissionRule', body);
export const editRule = (body: RuleInput) => http.put('/sys/permission/editPermissionRule', body);
export const deleteRule = (id: string) => http.delete('/sys/permission/deletePermissionRule', { id });
