import { z } from 'zod';
import { defineFlow, pageSchema } from '../flow.ts';
import { Msg } from '../messages.ts';
import { currentUserDepartsSchema, selectDepartBody, selectDepartReply, updatePasswordBody } from './auth.ts';
import { idListSchema, treeOptionSchema } from './replies.ts';
import { adminChangePasswordBody, frozenBatchBody, UserPerm, userRecordSchema } from './user.ts';
import { PermissionPerm, permissionTreeNodeSchema } from './permission.ts';
import { RolePerm, roleRecordSchema } from './role.ts';

const userIds = z.string().min(1).max(20_000);

/**
 * `/sys/user/checkOnlyUser`: whether an account, phone, e-mail or work number is taken. A value taken is a
 * refusal whose message names it (result true, as JeecgBoot answers). The stock register form calls it
 * before anyone signs in, so the route is public: a caller without a session (or one awaiting its
 * organisation's enrolment) gets one answer for every value, as the register flow tells nothing before
 * its SMS code is valid.
 */
export const checkOnlyUserQuery = z.object({
  id: z.string().max(36).optional(),
  username: z.string().max(100).optional(),
  phone: z.string().max(45).optional(),
  email: z.string().max(45).optional(),
  workNo: z.string().max(100).optional(),
  _t: z.string().optional(),
});
export const CheckOnlyUserMsg = { free: '该值可用！', atRegister: '注册提交时校验是否已被使用' } as const;

/** 用户管理 beyond its standard routes (JEECG-API §5.7): look-ups, freezing, passwords and the recycle bin. */
export const userFlow = defineFlow()({
  basePath: '/sys/user',
  actions: {
    queryByIds: {
      path: 'queryByIds',
      method: 'GET',
      permission: UserPerm.list,
      query: z.object({ userIds }),
      reply: z.array(userRecordSchema),
      summary: '按多个ID查询用户',
    },
    frozenBatch: {
      path: 'frozenBatch',
      method: 'PUT',
      permission: UserPerm.frozen,
      body: frozenBatchBody,
      reply: z.null(),
      done: '操作成功!',
      summary: '冻结或解冻用户',
    },
    changePassword: {
      path: 'changePassword',
      method: 'PUT',
      permission: UserPerm.changePassword,
      body: adminChangePasswordBody,
      reply: z.null(),
      done: '密码修改成功!',
      summary: '管理员重置用户密码',
    },
    queryUserRole: {
      path: 'queryUserRole',
      method: 'GET',
      permission: UserPerm.list,
      query: z.object({ userid: z.string().min(1).max(36) }),
      reply: idListSchema,
      summary: '用户的角色ID',
    },
    queryUserRoleCode: { path: 'queryUserRoleCode', method: 'GET', signedIn: true, onboarding: true, reply: idListSchema, summary: '当前登录用户的角色编码' },
    generateUserId: {
      path: 'generateUserId',
      method: 'GET',
      permission: UserPerm.add,
      reply: z.string(),
      summary: '生成新用户ID（原版新增用户选择部门前调用；新增时不采用请求中的ID）',
    },
    userDepartList: {
      path: 'userDepartList',
      method: 'GET',
      permission: UserPerm.list,
      query: z.object({ userId: z.string().min(1).max(36) }),
      reply: z.array(treeOptionSchema),
      summary: '用户所属部门',
    },
    queryUserByDepId: {
      path: 'queryUserByDepId',
      method: 'GET',
      permission: UserPerm.list,
      query: z.object({ id: z.string({ error: '缺少ID' }).min(1, '缺少ID').max(36), realname: z.string().max(50).optional() }),
      reply: z.array(userRecordSchema),
      summary: '部门（含下级）的用户',
    },
    recycleBin: { path: 'recycleBin', method: 'GET', permission: UserPerm.recycle, reply: z.array(userRecordSchema), summary: '用户回收站' },
    putRecycleBin: {
      path: 'putRecycleBin',
      method: 'PUT',
      permission: UserPerm.recycle,
      body: z.object({ userIds }),
      reply: z.null(),
      done: '还原成功',
      summary: '从回收站恢复用户',
    },
    deleteRecycleBin: {
      path: 'deleteRecycleBin',
      method: 'DELETE',
      permission: UserPerm.recycle,
      query: z.object({ userIds }),
      reply: z.null(),
      done: '删除成功',
      summary: '彻底删除回收站中的用户',
    },
  },
});

/** What a signed-in user does to their own account: password, current department (spec §2 dialogs, §7). */
export const userSessionFlow = defineFlow()({
  basePath: '/sys/user',
  actions: {
    updatePassword: {
      path: 'updatePassword',
      method: 'PUT',
      alsoMethods: ['POST'],
      signedIn: true,
      onboarding: true,
      passwordChange: true,
      body: updatePasswordBody,
      reply: z.null(),
      done: Msg.passwordChanged,
      summary: '修改本人密码',
    },
    currentDeparts: {
      path: 'getCurrentUserDeparts',
      method: 'GET',
      signedIn: true,
      onboarding: true,
      reply: currentUserDepartsSchema,
      summary: '本人所属部门',
    },
    selectDepart: {
      path: '/sys/selectDepart',
      method: 'PUT',
      alsoMethods: ['POST'],
      signedIn: true,
      onboarding: true,
      body: selectDepartBody,
      reply: selectDepartReply,
      summary: '切换当前部门',
    },
  },
});

/**
 * Spec §7's generic helpers of the stock client (`FE/api/manage.js`: getUserList, getRoleList,
 * getPermissions): read-only aliases of 用户管理, 角色管理 and 菜单管理's lists, under the same permission
 * codes and data rules. `/api/service` has no counterpart here (README, JEECG-API).
 */
export const genericApiFlow = defineFlow()({
  basePath: '/api',
  actions: {
    user: { path: 'user', method: 'GET', permission: UserPerm.list, reply: pageSchema(userRecordSchema), summary: '用户列表（/sys/user/list 的只读别名）' },
    role: { path: 'role', method: 'GET', permission: RolePerm.list, reply: pageSchema(roleRecordSchema), summary: '角色列表（/sys/role/list 的只读别名）' },
    permission: {
      path: 'permission',
      method: 'GET',
      permission: PermissionPerm.list,
      reply: z.array(permissionTreeNodeSchema),
      summary: '菜单与按钮的完整树（/sys/permission/list 的只读别名）',
    },
    permissionNoPager: {
      path: 'permission/no-pager',
      method: 'GET',
      permission: PermissionPerm.list,
      reply: z.array(permissionTreeNodeSchema),
      summary: '菜单与按钮的完整树，不分页（/sys/permission/list 的只读别名）',
    },
  },
});
