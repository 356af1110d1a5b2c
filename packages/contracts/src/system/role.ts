import { z } from 'zod';
import { auditFields } from '../record-fields.ts';
import { defineResource, permCodes } from '../resource.ts';
import { dataRuleRecordSchema } from './permission.ts';
import { rowTimestamp } from './replies.ts';

/** The administrator's role: it holds every grant, cannot be deleted or renamed. */
export const ADMIN_ROLE_CODE = 'admin';

export const ROLE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{1,49}$/;

export const roleBody = z.object({
  id: z.string().max(36).optional(),
  roleName: z.string({ error: '请输入角色名称' }).trim().min(2, '角色名称长度为2-30个字符').max(30, '角色名称长度为2-30个字符'),
  roleCode: z.string({ error: '请输入角色编码' }).trim().regex(ROLE_CODE_PATTERN, '角色编码以字母开头，只能包含字母、数字和下划线，长度2-50'),
  description: z.string().trim().max(126, '描述不能超过126个字符').optional().nullable(),
  createBy: z.any().optional(),
  createTime: z.any().optional(),
  updateBy: z.any().optional(),
  updateTime: z.any().optional(),
});
export type RoleBody = z.infer<typeof roleBody>;

/** saveRolePermission / saveDepartPermission / saveDeptRolePermission: comma lists, the new and the previous grant. */
export const grantBody = z.object({
  roleId: z.string().max(36).optional(),
  departId: z.string().max(36).optional(),
  permissionIds: z.string().max(100_000).optional().default(''),
  lastpermissionIds: z.string().max(100_000).optional().default(''),
});

export const roleRecordSchema = z.object({
  id: z.string(),
  roleName: z.string(),
  roleCode: z.string(),
  description: z.string().nullable(),
  ...auditFields,
});
export type RoleRecord = z.infer<typeof roleRecordSchema>;

export const RolePerm = permCodes('system:role', ['list', 'add', 'edit', 'delete', 'grant', 'user', 'export', 'import']);

/** 角色管理 as a standard resource: `/sys/role/list` … `deleteBatch`; edit answers PUT and POST. */
export const roleResource = defineResource<RoleRecord>()({
  basePath: '/sys/role',
  entity: '角色',
  perm: RolePerm,
  routes: ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel'],
  addBody: roleBody,
  editMethods: ['PUT', 'POST'],
  record: roleRecordSchema,
  docs: {
    list: { summary: '角色列表' },
    queryById: { summary: '按ID查询角色' },
    delete: { summary: '删除角色（同时删除其授权与用户关联）' },
  },
});

/** A role's data rules on one menu (`/sys/role/datarule`): `dataRuleIds` is a comma list. */
export const roleDataRuleBody = z.object({
  permissionId: z.string().min(1).max(36),
  roleId: z.string().min(1).max(36),
  dataRuleIds: z.string().max(4000).optional().default(''),
});

/** 向角色添加用户 (`/sys/user/addSysUserRole`). */
export const roleUsersBody = z.object({ roleId: z.string().min(1).max(36), userIdList: z.array(z.string().max(36)).max(5000) });

/** A data rule as a grant drawer lists it: the menu's rule row as stored. */
export const grantDataRuleSchema = dataRuleRecordSchema.extend({ createTime: rowTimestamp, updateTime: rowTimestamp });
export type GrantDataRule = z.infer<typeof grantDataRuleSchema>;

/** The rules of a menu and which of them the role (or department role) has: `drChecked` is a comma list. */
export const dataRuleGrantSchema = z.object({ datarule: z.array(grantDataRuleSchema), drChecked: z.string() });
export type DataRuleGrant = z.infer<typeof dataRuleGrantSchema>;
