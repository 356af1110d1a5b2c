import { z } from 'zod';
import { auditFields } from '../record-fields.ts';
import { optionalTrimmed } from '../form-fields.ts';
import { defineResource, permCodes } from '../resource.ts';

const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')])
  .optional()
  .nullable()
  .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0));

/** A menu, sub-menu or button (JEECG-API §3.2 add/edit; camelCase as the client sends it). */
export const permissionBody = z.object({
  id: z.string().max(36).optional(),
  parentId: optionalTrimmed(36),
  name: z.string({ error: '请输入菜单名称' }).trim().min(1, '请输入菜单名称').max(100, '菜单名称不能超过100个字符'),
  url: optionalTrimmed(255),
  component: optionalTrimmed(255),
  componentName: optionalTrimmed(100).refine((v) => v === null || /^[A-Za-z][\w-]*$/.test(v), '组件名称只能包含字母、数字、下划线和 -'),
  redirect: optionalTrimmed(255),
  menuType: z
    .union([z.literal(0), z.literal(1), z.literal(2), z.literal('0'), z.literal('1'), z.literal('2')], {
      error: '菜单类型只能是 0 一级菜单、1 子菜单、2 按钮权限',
    })
    .transform(Number),
  perms: optionalTrimmed(255).refine((v) => v === null || /^[\w:,\s-]+$/.test(v), '授权标识只能包含字母、数字、冒号、下划线和逗号'),
  permsType: z
    .union([z.literal('0'), z.literal('1'), z.literal('2')])
    .optional()
    .nullable()
    .transform((v) => v ?? '1'),
  sortNo: z.coerce
    .number({ error: '排序应为数字' })
    .min(-99999)
    .max(99999)
    .optional()
    .nullable()
    .transform((v) => v ?? 0),
  icon: optionalTrimmed(100),
  route: flag,
  keepAlive: flag,
  hidden: flag,
  alwaysShow: flag,
  internalOrExternal: flag,
  status: z
    .union([z.literal('0'), z.literal('1')])
    .optional()
    .nullable()
    .transform((v) => v ?? '1'),
  description: optionalTrimmed(255),
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
  ruleColumn: z
    .string({ error: '请输入规则字段' })
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/, '规则字段只能是字段名（字母、数字、下划线）'),
  ruleConditions: z.enum(RULE_CONDITIONS, { error: '不支持的条件规则' }),
  ruleValue: z.string({ error: '请输入规则值' }).trim().min(1, '请输入规则值').max(300),
  status: z
    .union([z.literal('0'), z.literal('1')])
    .optional()
    .transform((v) => v ?? '1'),
});
export type DataRuleBody = z.infer<typeof dataRuleBody>;

/** A row of the 菜单管理 tree (`GET /sys/permission/list`, JEECG-API §3.2), as the server answers it. */
export const permissionTreeNodeSchema = z
  .object({
    id: z.string(),
    key: z.string(),
    title: z.string(),
    parentId: z.string().nullable(),
    name: z.string(),
    perms: z.string().nullable(),
    permsType: z.string().nullable(),
    icon: z.string().nullable(),
    component: z.string().nullable(),
    componentName: z.string().nullable(),
    url: z.string().nullable(),
    redirect: z.string().nullable(),
    sortNo: z.number().nullable(),
    menuType: z.number(),
    menuType_dictText: z.string().optional(),
    leaf: z.boolean(),
    isLeaf: z.boolean(),
    route: z.boolean(),
    keepAlive: z.boolean(),
    description: z.string().nullable(),
    delFlag: z.number(),
    ruleFlag: z.number(),
    alwaysShow: z.boolean(),
    hidden: z.boolean(),
    status: z.string().nullable(),
    internalOrExternal: z.boolean(),
    createBy: z.string().nullable(),
    createTime: z.string().nullable(),
    updateBy: z.string().nullable(),
    updateTime: z.string().nullable(),
    get children(): z.ZodOptional<z.ZodArray<typeof permissionTreeNodeSchema>> {
      return z.array(permissionTreeNodeSchema).optional();
    },
  })
  .meta({ id: 'PermissionTreeNode' });
export type PermissionTreeNode = z.infer<typeof permissionTreeNodeSchema>;

/**
 * A node of the grant drawers' trees (`queryTreeList` of 菜单, 角色 and 部门角色): `scopedSlots` lets
 * the JeecgBoot client draw the 数据规则 link, on the role's tree only.
 */
export const grantTreeNodeSchema = z
  .object({
    id: z.string(),
    key: z.string(),
    value: z.string(),
    title: z.string(),
    slotTitle: z.string(),
    label: z.string(),
    icon: z.string().nullable(),
    parentId: z.string().nullable(),
    isLeaf: z.boolean(),
    ruleFlag: z.number(),
    menuType: z.number(),
    scopedSlots: z.object({ title: z.string() }).optional(),
    get children(): z.ZodOptional<z.ZodArray<typeof grantTreeNodeSchema>> {
      return z.array(grantTreeNodeSchema).optional();
    },
  })
  .meta({ id: 'GrantTreeNode' });
export type GrantTreeNode = z.infer<typeof grantTreeNodeSchema>;

/** A grant tree and every id in it (JEECG-API §3.2 queryTreeList). */
export const grantTreeSchema = z.object({ treeList: z.array(grantTreeNodeSchema), ids: z.array(z.string()) });
export type GrantTree = z.infer<typeof grantTreeSchema>;

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
  docs: {
    add: { summary: '添加菜单或按钮' },
    edit: { summary: '编辑菜单或按钮' },
    delete: { summary: '删除菜单（含下级、数据规则与授权）' },
  },
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
export const dataRuleRecordSchema = z.object({
  id: z.string(),
  permissionId: z.string(),
  ruleName: z.string().nullable(),
  ruleColumn: z.string().nullable(),
  ruleConditions: z.string().nullable(),
  ruleValue: z.string().nullable(),
  status: z.string().nullable(),
  ...auditFields,
});
export type DataRuleRecord = z.infer<typeof dataRuleRecordSchema>;
