import { z } from 'zod';
import { auditFields } from '../record-fields.ts';
import { optionalTrimmed } from '../form-fields.ts';
import { defineResource, permCodes } from '../resource.ts';
import { ROLE_CODE_PATTERN } from './role.ts';
import { rowTimestamp, treeOptionSchema } from './replies.ts';

export const departBody = z.object({
  id: z.string().max(36).optional(),
  parentId: optionalTrimmed(36),
  departName: z.string({ error: '请输入机构/部门名称' }).trim().min(1, '请输入机构/部门名称').max(100, '名称不能超过100个字符'),
  departNameEn: optionalTrimmed(500),
  departNameAbbr: optionalTrimmed(500),
  departOrder: z.coerce
    .number({ error: '排序应为数字' })
    .int('排序应为整数')
    .min(0)
    .max(99999)
    .optional()
    .nullable()
    .transform((v) => v ?? 0),
  description: optionalTrimmed(500),
  orgCategory: z
    .union([z.literal('1'), z.literal('2'), z.literal('3')], { error: '机构类别只能是 1 公司、2 部门、3 岗位' })
    .optional()
    .transform((v) => v ?? '2'),
  mobile: optionalTrimmed(32).refine((v) => v === null || /^[\d\-+() ]{5,32}$/.test(v), '请输入正确的电话号码'),
  fax: optionalTrimmed(32),
  address: optionalTrimmed(100),
  memo: optionalTrimmed(500),
  status: z
    .union([z.literal('0'), z.literal('1')])
    .optional()
    .transform((v) => v ?? '1'),
});
export type DepartBody = z.infer<typeof departBody>;

/** A department as its trees and searches answer it: the row with the tree's own keys. */
export const departTreeNodeSchema = z
  .object({
    id: z.string(),
    key: z.string(),
    value: z.string(),
    title: z.string(),
    isLeaf: z.boolean(),
    parentId: z.string(),
    departName: z.string(),
    departNameEn: z.string().nullable(),
    departNameAbbr: z.string().nullable(),
    departOrder: z.number(),
    description: z.string().nullable(),
    orgCategory: z.string(),
    orgType: z.string().nullable(),
    orgCode: z.string(),
    mobile: z.string().nullable(),
    fax: z.string().nullable(),
    address: z.string().nullable(),
    memo: z.string().nullable(),
    status: z.string(),
    delFlag: z.string(),
    createBy: z.string().nullable(),
    createTime: z.string().nullable(),
    updateBy: z.string().nullable(),
    updateTime: z.string().nullable(),
    get children(): z.ZodArray<typeof departTreeNodeSchema> {
      return z.array(departTreeNodeSchema);
    },
  })
  .meta({ id: 'DepartTreeNode' });
export type DepartTreeNode = z.infer<typeof departTreeNodeSchema>;

/** The department tree of the selects (`queryIdTree`): a leaf has no `children`. */
export const departIdNodeSchema = treeOptionSchema
  .extend({
    get children(): z.ZodOptional<z.ZodArray<typeof departIdNodeSchema>> {
      return z.array(departIdNodeSchema).optional();
    },
  })
  .meta({ id: 'DepartIdNode' });
export type DepartIdNode = z.infer<typeof departIdNodeSchema>;

export const DepartPerm = permCodes('system:depart', ['add', 'edit', 'delete', 'grant', 'role', 'user', 'export', 'import']);

/**
 * 部门管理's writes as a standard resource (`/sys/sysDepart/add` … `deleteBatch`); the department
 * tree is read through its own routes (queryTreeList, queryIdTree, searchBy), open to every user.
 */
export const departResource = defineResource<DepartTreeNode>()({
  basePath: '/sys/sysDepart',
  entity: '部门',
  perm: { add: DepartPerm.add, edit: DepartPerm.edit, delete: DepartPerm.delete, export: DepartPerm.export, import: DepartPerm.import },
  routes: ['add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel'],
  addBody: departBody,
  editMethods: ['PUT', 'POST'],
  docs: {
    add: { description: 'org_code 按层级自动生成（A01、A01A01…）。' },
    exportXls: { description: '未删除的部门按机构编码排列（上级在前）；可按 departName、orgCode、orgCategory 筛选。' },
    importExcel: { description: '机构编码去掉末三位为上级的编码（已有部门，或本文件前面的行）；三位为顶级。逐行按新增校验，编码自动生成。' },
    delete: { summary: '删除部门（有下级或用户时拒绝）' },
  },
});

export const departRoleBody = z.object({
  id: z.string().max(36).optional(),
  departId: z.string({ error: '缺少部门ID' }).min(1).max(36),
  roleName: z.string({ error: '请输入部门角色名称' }).trim().min(1, '请输入部门角色名称').max(100, '长度不能超过100个字符'),
  roleCode: z.string({ error: '请输入部门角色编码' }).trim().regex(ROLE_CODE_PATTERN, '角色编码以字母开头，只能包含字母、数字和下划线'),
  description: z.string().trim().max(255, '长度不能超过255个字符').optional().nullable(),
});
export const departRoleEditBody = departRoleBody.extend({ id: z.string().min(1).max(36) });
export type DepartRoleBody = z.infer<typeof departRoleBody>;

export const departRoleRecordSchema = z.object({
  id: z.string(),
  departId: z.string(),
  roleName: z.string().nullable(),
  roleCode: z.string().nullable(),
  description: z.string().nullable(),
  ...auditFields,
});
export type DepartRoleRecord = z.infer<typeof departRoleRecordSchema>;

/** A department role as `getDeptRoleList` answers it: the row as stored. */
export const departRoleRowSchema = departRoleRecordSchema.extend({ createTime: rowTimestamp, updateTime: rowTimestamp });

/** 部门角色 (a department's own roles), every route guarded by the department's 角色 code. */
export const departRoleResource = defineResource<DepartRoleRecord>()({
  basePath: '/sys/sysDepartRole',
  entity: '部门角色',
  perm: { list: DepartPerm.role, add: DepartPerm.role, edit: DepartPerm.role, delete: DepartPerm.role },
  routes: ['list', 'add', 'edit', 'delete', 'deleteBatch'],
  addBody: departRoleBody,
  editBody: departRoleEditBody,
  editMethods: ['PUT', 'POST'],
  record: departRoleRecordSchema,
  docs: { list: { summary: '部门角色列表' } },
});

/** 向部门添加用户 (`/sys/user/editSysDepartWithUser`). */
export const departUsersBody = z.object({ depId: z.string().min(1).max(36), userIdList: z.array(z.string().max(36)).max(5000) });

/** 设置用户在部门中的角色 (`/sys/sysDepartRole/deptRoleUserAdd`): comma lists of department-role ids. */
export const deptRoleUserBody = z.object({
  userId: z.string().min(1).max(36),
  departId: z.string().max(36).optional(),
  newRoleId: z.string().max(20_000).default(''),
  oldRoleId: z.string().max(20_000).optional(),
});
