import { z } from 'zod';

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

export type RoleRecord = {
  id: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
};
