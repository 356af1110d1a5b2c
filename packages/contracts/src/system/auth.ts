import { z } from 'zod';
import { auditFields } from '../record-fields.ts';
import { Msg } from '../messages.ts';

const text = (max: number, required?: string) => z.string(required ? { error: required } : undefined).max(max, `长度不能超过${max}个字符`);

/**
 * The captcha key: the stock 2.3 client sends the number it used for `randomImage/{key}`
 * (`new Date().getTime()`), ours a string; both name the same captcha.
 */
const checkKey = z.union([text(64), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)], { error: '验证码标识应为文字或数字' }).transform(String);

/** POST /sys/login (JEECG-API §2.2). Stock clients also send remember_me; unknown fields are refused. */
export const loginBody = z.strictObject({
  username: text(100, '请输入用户名').trim().min(1, '请输入用户名'),
  password: text(128, '请输入密码').min(1, '请输入密码'),
  captcha: text(8).optional(),
  checkKey: checkKey.optional(),
  remember_me: z.union([z.boolean(), z.string().max(8)]).optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

/** spec §5 change password; server messages from JEECG-API §5.1 */
export const updatePasswordBody = z.strictObject({
  username: text(100).optional(),
  oldpassword: text(128, Msg.oldPasswordRequired).min(1, Msg.oldPasswordRequired),
  password: text(128, Msg.newPasswordRequired).min(1, Msg.newPasswordRequired),
  confirmpassword: text(128, Msg.confirmPasswordRequired).min(1, Msg.confirmPasswordRequired),
});
export type UpdatePasswordBody = z.infer<typeof updatePasswordBody>;

export const selectDepartBody = z.strictObject({
  orgCode: text(64, '请选择部门').min(1, '请选择部门'),
  username: text(100).optional(),
});

/** The public shape of a user (sys_user without credentials, JEECG-API §4.1). */
export const userInfoSchema = z.object({
  id: z.string(),
  username: z.string(),
  realname: z.string(),
  avatar: z.string().nullable(),
  birthday: z.string().nullable(),
  sex: z.number().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  orgCode: z.string().nullable(),
  status: z.number(),
  delFlag: z.number(),
  workNo: z.string().nullable(),
  post: z.string().nullable(),
  telephone: z.string().nullable(),
  userIdentity: z.number().nullable(),
  departIds: z.string().nullable(),
  relTenantIds: z.string().nullable(),
  ...auditFields,
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const departSchema = z.object({
  id: z.string(),
  parentId: z.string(),
  departName: z.string(),
  orgCode: z.string(),
  orgCategory: z.string(),
  orgType: z.string().nullable(),
  departOrder: z.number(),
  status: z.string(),
});
export type Depart = z.infer<typeof departSchema>;

/** `getCurrentUserDeparts` (spec §7): the user's departments and the current one's code. */
export const currentUserDepartsSchema = z.object({ list: z.array(departSchema), orgCode: z.string().nullable() });

/** `selectDepart`: the user after the switch. */
export const selectDepartReply = z.object({ userInfo: userInfoSchema });

export type DictModel = { value: string; text: string; title: string };

export type LoginResult = {
  token: string;
  userInfo: UserInfo;
  departs: Depart[];
  multi_depart: 0 | 1 | 2;
  sysAllDictItems: Record<string, DictModel[]>;
  /** true when the password was accepted once though too weak for §5 (an imported JeecgBoot one): only 修改密码 is open until it changes */
  mustChangePwd?: boolean;
};

export const authItemSchema = z.object({ action: z.string(), type: z.string(), describe: z.string(), status: z.string().optional() });
export type AuthItem = z.infer<typeof authItemSchema>;

/** Menu node of getUserPermissionByToken (JEECG-API §3.1). */
export const menuNodeSchema = z
  .object({
    id: z.string(),
    route: z.enum(['0', '1']),
    path: z.string(),
    name: z.string(),
    component: z.string().nullable(),
    redirect: z.string().nullable().optional(),
    hidden: z.boolean().optional(),
    alwaysShow: z.boolean().optional(),
    meta: z.object({
      keepAlive: z.boolean(),
      internalOrExternal: z.boolean(),
      title: z.string(),
      icon: z.string().optional(),
      url: z.string().optional(),
      permissionList: z.array(authItemSchema).optional(),
      hiddenHeaderContent: z.boolean().optional(),
    }),
    get children(): z.ZodOptional<z.ZodArray<typeof menuNodeSchema>> {
      return z.array(menuNodeSchema).optional();
    },
  })
  .meta({ id: 'MenuNode' });
export type MenuNode = z.infer<typeof menuNodeSchema>;

export const permissionResultSchema = z.object({ menu: z.array(menuNodeSchema), auth: z.array(authItemSchema), allAuth: z.array(authItemSchema) });
export type PermissionResult = z.infer<typeof permissionResultSchema>;
