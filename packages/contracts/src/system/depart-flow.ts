import { z } from 'zod';
import { defineFlow, pageSchema } from '../flow.ts';
import { DepartPerm, departIdNodeSchema, departRoleRowSchema, departTreeNodeSchema, departUsersBody, deptRoleUserBody } from './depart.ts';
import { grantTreeSchema } from './permission.ts';
import { idListSchema } from './replies.ts';
import { grantBody } from './role.ts';
import { userRecordSchema } from './user.ts';

const id = (error?: string) =>
  z
    .string(error ? { error } : undefined)
    .min(1, error)
    .max(36);
const departIdQuery = z.object({ departId: id() });

/** A department's members: paging and the user list's filters beside `depId` (the server checks them against its whitelist). */
export const departUserQuery = z.looseObject({
  depId: id('缺少部门ID').describe('部门ID（不含下级部门）'),
  pageNo: z.coerce.number().optional(),
  pageSize: z.coerce.number().optional(),
});

/**
 * 部门管理 beyond its standard writes (JEECG-API §4.2, §5.7, §3.3): the trees (open to every signed-in
 * user), the department's grant, its roles' grants, and its members with their department roles.
 */
export const departFlow = defineFlow()({
  basePath: '/sys/sysDepart',
  actions: {
    treeList: { path: 'queryTreeList', method: 'GET', signedIn: true, reply: z.array(departTreeNodeSchema), summary: '部门树（全部字段）' },
    idTree: { path: 'queryIdTree', method: 'GET', signedIn: true, reply: z.array(departIdNodeSchema), summary: '部门树（选择用）' },
    /** nothing found is a refusal (未查询匹配数据！), as JeecgBoot answers it */
    search: {
      path: 'searchBy',
      method: 'GET',
      signedIn: true,
      query: z.object({ keyWord: z.string().max(100).default(''), myDeptSearch: z.string().max(2).optional() }),
      reply: z.array(departTreeNodeSchema),
      summary: '按名称搜索部门',
    },
    /** message "2" with the tree for a superior, "1" with null for anybody else */
    myTree: { path: 'queryMyDeptTreeList', method: 'GET', signedIn: true, reply: z.array(departTreeNodeSchema).nullable(), summary: '我负责的部门树' },
    permissionIds: {
      path: '/sys/permission/queryDepartPermission',
      method: 'GET',
      permission: DepartPerm.grant,
      query: departIdQuery,
      reply: idListSchema,
      summary: '部门可用的权限ID',
    },
    savePermissions: {
      path: '/sys/permission/saveDepartPermission',
      permission: DepartPerm.grant,
      body: grantBody,
      reply: z.null(),
      done: '保存成功！',
      summary: '保存部门可用的权限',
    },
    roleGrantTree: {
      path: '/sys/sysDepartPermission/queryTreeListForDeptRole',
      method: 'GET',
      permission: DepartPerm.role,
      query: departIdQuery,
      reply: grantTreeSchema,
      summary: '部门角色授权用的权限树（限于部门可用权限）',
    },
    rolePermissionIds: {
      path: '/sys/sysDepartPermission/queryDeptRolePermission',
      method: 'GET',
      permission: DepartPerm.role,
      query: z.object({ roleId: id() }),
      reply: idListSchema,
      summary: '部门角色已授权的权限ID',
    },
    saveRolePermissions: {
      path: '/sys/sysDepartPermission/saveDeptRolePermission',
      permission: DepartPerm.role,
      body: grantBody,
      reply: z.null(),
      done: '保存成功！',
      summary: '保存部门角色授权（只能在部门可用权限之内）',
    },
    users: {
      path: '/sys/user/departUserList',
      method: 'GET',
      permission: DepartPerm.user,
      query: departUserQuery,
      reply: pageSchema(userRecordSchema),
      summary: '部门下的用户（不含下级）',
    },
    addUsers: {
      path: '/sys/user/editSysDepartWithUser',
      permission: DepartPerm.user,
      body: departUsersBody,
      reply: z.null(),
      done: '添加成功!',
      summary: '向部门添加用户',
    },
    removeUser: {
      path: '/sys/user/deleteUserInDepart',
      method: 'DELETE',
      permission: DepartPerm.user,
      query: z.object({ depId: id(), userId: id() }),
      reply: z.null(),
      done: '删除成功!',
      summary: '把用户移出部门',
    },
    removeUsers: {
      path: '/sys/user/deleteUserInDepartBatch',
      method: 'DELETE',
      permission: DepartPerm.user,
      query: z.object({ depId: id(), userIds: z.string().min(1).max(20_000) }),
      reply: z.null(),
      done: '删除成功!',
      summary: '把多个用户移出部门',
    },
    roles: {
      path: '/sys/sysDepartRole/getDeptRoleList',
      method: 'GET',
      permission: DepartPerm.user,
      query: departIdQuery,
      reply: z.array(departRoleRowSchema),
      summary: '部门的角色（给成员分配用）',
    },
    setUserRoles: {
      path: '/sys/sysDepartRole/deptRoleUserAdd',
      permission: DepartPerm.user,
      body: deptRoleUserBody,
      reply: z.null(),
      done: '添加成功!',
      summary: '设置用户在部门中的角色',
    },
    userRoleIds: {
      path: '/sys/sysDepartRole/getDeptRoleByUserId',
      method: 'GET',
      permission: DepartPerm.user,
      query: z.object({ userId: id(), departId: id() }),
      reply: idListSchema,
      summary: '用户在某部门中的角色ID',
    },
  },
});
