import { z } from 'zod';
import { Msg } from '../messages.ts';

const text = (max: number, required?: string) =>
  z.string(required ? { error: required } : undefined).max(max, `长度不能超过${max}个字符`);

/**
 * The captcha key: the stock 2.3 client sends the number it used for `randomImage/{key}`
 * (`new Date().getTime()`), ours a string; both name the same captcha.
 */
const checkKey = z
  .union([text(64), z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER)], { error: '验证码标识应为文字或数字' })
  .transform(String);

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

/** Password strength for new passwords: 8–64 characters with letters and digits. */
export const PASSWORD_RULE_MESSAGE = '密码至少8位，须同时包含字母和数字';
export function isStrongPassword(value: string): boolean {
  return value.length >= 8 && value.length <= 64 && /[A-Za-z]/.test(value) && /\d/.test(value);
}

export const selectDepartBody = z.strictObject({
  orgCode: text(64, '请选择部门').min(1, '请选择部门'),
  username: text(100).optional(),
});

/** The public shape of a user (sys_user without credentials, JEECG-API §4.1). */
export type UserInfo = {
  id: string;
  username: string;
  realname: string;
  avatar: string | null;
  birthday: string | null;
  sex: number | null;
  email: string | null;
  phone: string | null;
  orgCode: string | null;
  status: number;
  delFlag: number;
  workNo: string | null;
  post: string | null;
  telephone: string | null;
  userIdentity: number | null;
  departIds: string | null;
  relTenantIds: string | null;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
};

export type Depart = {
  id: string;
  parentId: string;
  departName: string;
  orgCode: string;
  orgCategory: string;
  orgType: string | null;
  departOrder: number;
  status: string;
};

export type DictModel = { value: string; text: string; title: string };

export type LoginResult = {
  token: string;
  userInfo: UserInfo;
  departs: Depart[];
  multi_depart: 0 | 1 | 2;
  sysAllDictItems: Record<string, DictModel[]>;
};

/** Menu node of getUserPermissionByToken (JEECG-API §3.1). */
export type MenuNode = {
  id: string;
  route: '0' | '1';
  path: string;
  name: string;
  component: string | null;
  redirect?: string | null;
  hidden?: boolean;
  alwaysShow?: boolean;
  meta: {
    keepAlive: boolean;
    internalOrExternal: boolean;
    title: string;
    icon?: string;
    url?: string;
    permissionList?: AuthItem[];
    hiddenHeaderContent?: boolean;
  };
  children?: MenuNode[];
};

export type AuthItem = { action: string; type: string; describe: string; status?: string };

export type PermissionResult = { menu: MenuNode[]; auth: AuthItem[]; allAuth: AuthItem[] };
