import { z } from 'zod';
import { optionalTrimmed } from '../form-fields.ts';
import { defineResource, permCodes } from '../resource.ts';
import { pageSchema } from '../flow.ts';
import { userInfoSchema } from './auth.ts';
import { MOBILE_PATTERN } from '../constants.ts';

export const USERNAME_PATTERN = /^[A-Za-z0-9_.@-]{2,50}$/;

const userFields = {
  realname: z.string({ error: '请输入用户姓名' }).trim().min(1, '请输入用户姓名').max(50, '用户姓名不能超过50个字符'),
  email: optionalTrimmed(45).refine((v) => v === null || z.email().safeParse(v).success, '请输入正确格式的电子邮件'),
  phone: optionalTrimmed(45).refine((v) => v === null || MOBILE_PATTERN.test(v), '请输入正确的手机号码'),
  workNo: optionalTrimmed(50),
  sex: z
    .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')])
    .optional()
    .nullable()
    .transform((v) => (v == null ? null : Number(v))),
  birthday: optionalTrimmed(10).refine((v) => v === null || /^\d{4}-\d{2}-\d{2}$/.test(v), '生日格式应为 YYYY-MM-DD'),
  avatar: optionalTrimmed(255),
  post: optionalTrimmed(100),
  telephone: optionalTrimmed(45),
  userIdentity: z
    .union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')])
    .optional()
    .nullable()
    .transform((v) => (v == null ? 1 : Number(v))),
  departIds: optionalTrimmed(2000),
  /** comma lists of role ids and department ids, as the JeecgBoot client sends them */
  selectedroles: optionalTrimmed(4000),
  selecteddeparts: optionalTrimmed(4000),
};

export const userAddBody = z.object({
  ...userFields,
  username: z.string({ error: '请输入用户账号' }).trim().regex(USERNAME_PATTERN, '用户账号为2-50位字母、数字或 _ . @ -'),
  password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(64, '密码不能超过64个字符'),
  confirmpassword: z.string().max(64).optional(),
  id: z.string().max(36).optional(),
  status: z.any().optional(),
  orgCode: z.any().optional(),
});
export type UserAddBody = z.infer<typeof userAddBody>;

export const userEditBody = z.object({
  ...userFields,
  id: z.string({ error: '缺少用户ID' }).min(1).max(36),
  username: z.string().max(100).optional(),
  password: z.any().optional(),
  status: z.any().optional(),
  orgCode: z.any().optional(),
});
export type UserEditBody = z.infer<typeof userEditBody>;

export const frozenBatchBody = z.strictObject({
  ids: z.string({ error: '请选择用户' }).min(1, '请选择用户').max(20_000),
  status: z.union([z.literal('1'), z.literal('2'), z.literal(1), z.literal(2)], { error: '状态只能是 1（正常）或 2（冻结）' }).transform(Number),
});

export const adminChangePasswordBody = z.object({
  username: z.string({ error: '请输入用户账号' }).min(1).max(100),
  password: z.string({ error: '请输入新密码!' }).min(1, '请输入新密码!').max(64),
  confirmpassword: z.string().max(64).optional(),
});

/** A user row as lists and forms see it (no credentials). */
export const userRecordSchema = userInfoSchema.omit({ relTenantIds: true }).extend({
  sex_dictText: z.string().optional(),
  /** the user's department names, joined with commas (JeecgBoot's orgCodeTxt) */
  orgCodeTxt: z.string().nullable(),
  status_dictText: z.string().optional(),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

/** A page of users (the user list, a role's or a department's members). */
export const userPageSchema = pageSchema(userRecordSchema);

export const UserMsg = {
  notFound: '未找到对应数据',
  added: '添加成功！',
  edited: '修改成功!',
  deleted: '删除用户成功',
  batchDeleted: '批量删除用户成功',
} as const;

export const UserPerm = permCodes('system:user', ['list', 'add', 'edit', 'delete', 'frozen', 'changePassword', 'recycle', 'export', 'import']);

/**
 * 用户 as a standard resource; its other routes (frozenBatch, changePassword, the recycle bin…) are
 * its own. Delete is soft: a deleted user waits in the recycle bin.
 */
export const userResource = defineResource<UserRecord>()({
  basePath: '/sys/user',
  entity: '用户',
  perm: UserPerm,
  routes: ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls', 'importExcel'],
  addBody: userAddBody,
  editBody: userEditBody,
  editMethods: ['PUT', 'POST'],
  importTemplate: true,
  record: userRecordSchema,
  docs: {
    list: { summary: '用户列表', description: '分页；支持 JeecgBoot 查询约定（*模糊*、逗号 IN、_begin/_end）与 departId（含下级部门）。' },
    add: { description: 'selectedroles、selecteddeparts 为逗号分隔的角色与部门ID。' },
    edit: { description: '不修改密码；传入 selectedroles / selecteddeparts 时替换角色与部门。' },
    delete: { summary: '删除用户（可在回收站恢复）' },
    importExcel: {
      description: '必填列：用户账号、姓名、初始密码；可选：性别、手机号、邮箱、工号、部门编码、角色编码。有错误的行被跳过并逐行报告（code 201）。',
    },
  },
});

/** A line of 通讯录: contact fields only, one per user and department. */
export type AddressEntry = {
  id: string;
  realname: string;
  workNo: string | null;
  post: string | null;
  telephone: string | null;
  email: string | null;
  phone: string | null;
  departName: string;
  orgCode: string;
};

export const AddressPerm = permCodes('system:address', ['list']);
