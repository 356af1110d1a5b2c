import { z } from 'zod';
import { defineFlow, pageSchema } from '../flow.ts';
import { DepartPerm } from './depart.ts';
import { grantTreeSchema } from './permission.ts';
import { idListSchema } from './replies.ts';
import { dataRuleGrantSchema, grantBody, RolePerm, roleDataRuleBody, roleRecordSchema, roleUsersBody } from './role.ts';
import { userRecordSchema } from './user.ts';

const id = (error?: string) =>
  z
    .string(error ? { error } : undefined)
    .min(1, error)
    .max(36);

/** A role's members: paging and the user list's filters beside `roleId` (the server checks them against its whitelist). */
export const roleUserQuery = z.looseObject({
  roleId: id('缺少角色ID').describe('角色ID'),
  pageNo: z.coerce.number().optional(),
  pageSize: z.coerce.number().optional(),
});

/** 角色管理 beyond its standard routes (JEECG-API §3.2, §3.3, §5.7): the pickers, the grant, data rules and members. */
export const roleFlow = defineFlow()({
  basePath: '/sys/role',
  actions: {
    /** no role at all is a refusal (未找到角色信息) */
    queryall: { path: 'queryall', method: 'GET', signedIn: true, reply: z.array(roleRecordSchema), summary: '全部角色（选择角色用）' },
    /** a code taken is a refusal (角色编码已存在) */
    checkRoleCode: {
      path: 'checkRoleCode',
      method: 'GET',
      permission: RolePerm.list,
      query: z.object({ id: z.string().max(36).optional(), roleCode: z.string().min(1).max(100) }),
      reply: z.boolean(),
      done: '该值可用！',
      summary: '校验角色编码是否可用',
    },
    grantTree: { path: 'queryTreeList', method: 'GET', permission: `${RolePerm.grant},${DepartPerm.grant}`, reply: grantTreeSchema, summary: '授权用的权限树' },
    permissionIds: {
      path: '/sys/permission/queryRolePermission',
      method: 'GET',
      permission: RolePerm.grant,
      query: z.object({ roleId: id() }),
      reply: idListSchema,
      summary: '角色已授权的权限ID',
    },
    savePermissions: {
      path: '/sys/permission/saveRolePermission',
      permission: RolePerm.grant,
      body: grantBody,
      reply: z.null(),
      done: '保存成功！',
      summary: '保存角色授权',
    },
    /** a menu without rules is a refusal (未找到权限配置信息) */
    dataRules: {
      path: 'datarule/:permissionId/:roleId',
      method: 'GET',
      permission: RolePerm.grant,
      params: z.object({ permissionId: z.string().max(36), roleId: z.string().max(36) }),
      reply: dataRuleGrantSchema,
      summary: '角色在某菜单上的数据规则',
    },
    saveDataRules: {
      path: 'datarule',
      permission: RolePerm.grant,
      body: roleDataRuleBody,
      reply: z.null(),
      done: '保存成功!',
      summary: '保存角色在某菜单上的数据规则',
    },
    users: {
      path: '/sys/user/userRoleList',
      method: 'GET',
      permission: RolePerm.user,
      query: roleUserQuery,
      reply: pageSchema(userRecordSchema),
      summary: '角色下的用户',
    },
    addUsers: {
      path: '/sys/user/addSysUserRole',
      permission: RolePerm.user,
      body: roleUsersBody,
      reply: z.null(),
      done: '添加成功!',
      summary: '向角色添加用户',
    },
    removeUser: {
      path: '/sys/user/deleteUserRole',
      method: 'DELETE',
      permission: RolePerm.user,
      query: z.object({ roleId: id(), userId: id() }),
      reply: z.null(),
      done: '删除成功!',
      summary: '从角色移除用户',
    },
    removeUsers: {
      path: '/sys/user/deleteUserRoleBatch',
      method: 'DELETE',
      permission: RolePerm.user,
      query: z.object({ roleId: id(), userIds: z.string().min(1).max(20_000) }),
      reply: z.null(),
      done: '删除成功!',
      summary: '从角色批量移除用户',
    },
  },
});
