import { z } from 'zod';
import { defineResource, permCodes } from '../resource.ts';

const flag = z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]).optional().nullable()
  .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0));
const optional = (max: number) => z.string().trim().max(max, `长度不能超过${max}个字符`).optional().nullable().transform((v) => (v ? v : null));

/** A menu, sub-menu or button (JEECG-API §3.2 add/edit; camelCase as the client sends it). */
export const permissionBody = z.object({
  id: z.string().max(36).optional(),
  parentId: optional(36),
  name: z.string({ error: '请输入菜单名称' }).trim().min(1, '请输入菜单名称').max(100, '菜单名称不能超过100个字符'),
  url: optional(255),
  component: optional(255),
  componentName: optional(100).refine((v) => v === null || /^[A-Za-z][\w-]*$/.test(v), '组件名称只能包含字母、数字、下划线和 -'),
  redirect: optional(255),
  menuType: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal('0'), z.literal('1'), z.literal('2')], { error: '菜单类型只能是 0 一级菜单、1 子菜单、2 按钮权限' }).transform(Number),
  perms: optional(255).refine((v) => v === null || /^[\w:,\s-]+$/.test(v), '授权标识只能包含字母、数字、冒号、下划线和逗号'),
  permsType: z.union([z.literal('0'), z.literal('1'), z.literal('2')]).optional().nullable().transform((v) => v ?? '1'),
  sortNo: z.coerce.number({ error: '排序应为数字' }).min(-99999).max(99999).optional().nullable().transform((v) => v ?? 0),
  icon: optional(100),
  route: flag,
  keepAlive: flag,
  hidden: flag,
  alwaysShow: flag,
  internalOrExternal: flag,
  status: z.union([z.literal('0'), z.literal('1')]).optional().nullable().transform((v) => v ?? '1'),
  description: optional(255),
});
export type PermissionBody = z.infer<typeof permissionBody>;

export const RULE_CONDITIONS = ['>', '>=', '<', '<=', '=', '!=', 'IN', 'LIKE', 'LEFT_LIKE', 'RIGHT_LIKE'] as const;

/**
 * A data rule on a menu's list. JeecgBoot's USE_SQL_RULES (raw SQL) is not offered: rules are
 * column + condition + value, applied with bound parameters.
 */
export const dataRuleBody = z.object({
  id: z.string().max(36).optional(),
  permissionId: z.string({ error: '缺少菜单ID' }).min(1).max(36),
  ruleName: z.string({ error: '请输入规则名称' }).trim().min(1, '请输入规则名称').max(50),
  ruleColumn: z.string({ error: '请输入规则字段' }).trim().regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, '规则字段只能是字段名（字母、数字、下划线）'),
  ruleConditions: z.enum(RULE_CONDITIONS, { error: '不支持的条件规则' }),
  ruleValue: z.string({ error: '请输入规则值' }).trim().min(1, '请输入规则值').max(300),
  status: z.union([z.literal('0'), z.literal('1')]).optional().transform((v) => v ?? '1'),
});
export type DataRuleBody = z.infer<typeof dataRuleBody>;

/** A row of the 菜单管理 tree (`GET /sys/permission/list`, JEECG-API §3.2), as the server answers it. */
export type PermissionTreeNode = {
  id: string;
  key: string;
  title: string;
  parentId: string | null;
  name: string;
  perms: string | null;
  permsType: string | null;
  icon: string | null;
  component: string | null;
  componentName: string | null;
  url: string | null;
  redirect: string | null;
  sortNo: number | null;
  menuType: number;
  menuType_dictText?: string;
  leaf: boolean;
  isLeaf: boolean;
  route: boolean;
  keepAlive: boolean;
  description: string | null;
  delFlag: number;
  ruleFlag: number;
  alwaysShow: boolean;
  hidden: boolean;
  status: string | null;
  internalOrExternal: boolean;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  children?: PermissionTreeNode[];
};

export const PermissionPerm = permCodes('system:permission', ['list', 'add', 'edit', 'delete', 'rule']);

/**
 * 菜单管理's writes as a standard resource (`/sys/permission/add` … `deleteBatch`); the menu tree
 * (`/sys/permission/list`, not paged) and the data rules are routes of their own.
 */
export const permissionResource = defineResource<PermissionTreeNode>()({
  basePath: '/sys/permission',
  entity: '菜单',
  perm: PermissionPerm,
  routes: ['add', 'edit', 'delete', 'deleteBatch'],
  addBody: permissionBody,
  editMethods: ['PUT', 'POST'],
});

export const dataRuleEditBody = dataRuleBody.extend({ id: z.string({ error: '缺少规则ID' }).min(1).max(36) });

/** `queryPermissionRule`: rules filtered by exact values. */
export const dataRuleQuery = z.object({
  permissionId: z.string().max(36).optional(),
  ruleName: z.string().max(50).optional(),
  ruleColumn: z.string().max(50).optional(),
  ruleValue: z.string().max(300).optional(),
  _t: z.string().optional(),
});
export type DataRuleQuery = z.infer<typeof dataRuleQuery>;

/** A data rule as `getPermRuleListByPermId` answers it. */
export type DataRuleRecord = {
  id: string;
  permissionId: string;
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  status: string;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
};
