import { z } from 'zod';
import { optionalTrimmed } from '../form-fields.ts';
import { defineFlow } from '../flow.ts';
import type { MenuNode } from './auth.ts';
import { userInfoSchema } from './auth.ts';
import { mobileField, smsCodeField } from './sms.ts';

/**
 * 个人中心 and 账户设置 (spec §2 "account center and settings: base, binding, notification, security,
 * custom"; issue #27): what a signed-in user reads and changes about their own account.
 */
export const ACCOUNT_BASE = '/sys/account';

export const AccountRoute = {
  center: '/account/center',
  settings: '/account/settings',
  base: '/account/settings/base',
  security: '/account/settings/security',
  binding: '/account/settings/binding',
  notification: '/account/settings/notification',
  custom: '/account/settings/custom',
} as const;

const entry = (id: string, path: string, name: string, component: string, title: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  id,
  route: '1',
  path,
  name,
  component,
  hidden: true,
  meta: { keepAlive: false, internalOrExternal: false, title },
  ...extra,
});

/**
 * The hidden menu entries every signed-in user's permission answer carries, named as stock JeecgBoot
 * 2.3 seeds them (its header's 个人中心 / 账户设置 links open `account/center/Index` and
 * `account/settings/Index`), so its client and ours both route them. Not menu rows: nobody grants or
 * withholds a person's own account pages.
 */
export const ACCOUNT_MENU: MenuNode[] = [
  entry('account', '/account', 'account', 'layouts/RouteView', '个人页', {
    redirect: AccountRoute.center,
    meta: { keepAlive: false, internalOrExternal: false, title: '个人页', icon: 'user' },
    children: [
      entry('account-center', AccountRoute.center, 'account-center', 'account/center/Index', '个人中心'),
      entry('account-settings', AccountRoute.settings, 'account-settings', 'account/settings/Index', '账户设置', {
        redirect: AccountRoute.base,
        children: [
          entry('account-settings-base', AccountRoute.base, 'account-settings-base', 'account/settings/BaseSetting', '基本设置'),
          entry('account-settings-security', AccountRoute.security, 'account-settings-security', 'account/settings/Security', '安全设置'),
          entry('account-settings-binding', AccountRoute.binding, 'account-settings-binding', 'account/settings/Binding', '账号绑定'),
          entry('account-settings-notification', AccountRoute.notification, 'account-settings-notification', 'account/settings/Notification', '新消息通知'),
          entry('account-settings-custom', AccountRoute.custom, 'account-settings-custom', 'account/settings/Custom', '个性化'),
        ],
      }),
    ],
  }),
];

// ---------------------------------------------------------------------------------------------------
// 新消息通知: which notices are pushed to my open pages (the bell still lists every one)

/** The kinds of notice a user may keep from being pushed live; every notice belongs to exactly one. */
export const NOTICE_KINDS = [
  { key: 'announcement', label: '通知公告', hint: '管理员发布的通知公告' },
  { key: 'approval', label: '审批结果', hint: '我提交的事项被审批通过或驳回' },
  { key: 'batch', label: '线索批次', hint: '批次撤回、结案等进展' },
  { key: 'claim', label: '报销与付款', hint: '报销退回、付款成功或失败' },
  { key: 'expiry', label: '到期提醒', hint: '权利备案即将到期' },
  { key: 'pool', label: '资金池对账', hint: '资金池对账结果' },
  { key: 'system', label: '其他系统消息', hint: '不属于以上各类的系统消息' },
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number]['key'];
export const noticeKindKeys = NOTICE_KINDS.map((k) => k.key) as [NoticeKind, ...NoticeKind[]];

/** The kind of an announcement from what the notifier writes: its business type, else its category. */
export function noticeKindOf(busType: string | null | undefined, msgCategory: string | null | undefined): NoticeKind {
  const type = busType ?? '';
  if (type.startsWith('approval_')) return 'approval';
  if (type.startsWith('claim_batch') || type.startsWith('threaded_')) return 'batch';
  if (type.startsWith('claim_')) return 'claim';
  if (type === 'right_expiry') return 'expiry';
  if (type.startsWith('pool_')) return 'pool';
  if (!type && msgCategory === '1') return 'announcement';
  return 'system';
}

/**
 * The channels beyond the bell a user may choose for the notices of the kinds they have not muted (the
 * values are the 消息中心's send types: 邮件 '2', 短信 '1'). Without an address on a channel the message
 * is recorded in 消息中心 as not sent.
 */
export const NOTICE_CHANNELS = [
  { key: '2', label: '邮件', hint: '同时发送到我的邮箱（未填写邮箱时不发送）' },
  { key: '1', label: '短信', hint: '同时发送到我的手机（未绑定手机号时不发送）' },
] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number]['key'];
const noticeChannelKeys = NOTICE_CHANNELS.map((c) => c.key) as [NoticeChannel, ...NoticeChannel[]];

export const noticePrefsSchema = z.strictObject({
  /** the kinds NOT pushed over the socket (nor sent by e-mail or SMS); everything else is */
  muted: z.array(z.enum(noticeKindKeys, { error: '未知的消息类型' })).max(noticeKindKeys.length, '消息类型过多'),
  /** the channels besides the bell; left out by an older client, the stored choice is kept */
  channels: z
    .array(z.enum(noticeChannelKeys, { error: '未知的接收渠道' }))
    .max(noticeChannelKeys.length, '接收渠道过多')
    .optional(),
});
export type NoticePrefs = z.infer<typeof noticePrefsSchema>;

// ---------------------------------------------------------------------------------------------------
// 个性化: the settings drawer's options, kept per user

export const customSettingsSchema = z.strictObject({
  navTheme: z.enum(['dark', 'light'], { error: '导航主题只能是 dark 或 light' }),
  layout: z.enum(['sidemenu', 'topmenu'], { error: '导航模式只能是 sidemenu 或 topmenu' }),
  contentWidth: z.enum(['Fixed', 'Fluid'], { error: '内容区域宽度只能是 Fixed 或 Fluid' }),
  fixedHeader: z.boolean({ error: '固定 Header 应为是或否' }),
  fixSiderbar: z.boolean({ error: '固定侧边菜单应为是或否' }),
  autoHideHeader: z.boolean({ error: '下滑时隐藏 Header 应为是或否' }),
  colorWeak: z.boolean({ error: '色弱模式应为是或否' }),
  multipage: z.boolean({ error: '多页签模式应为是或否' }),
  primaryColor: z.string({ error: '主题色应为 #RRGGBB' }).regex(/^#[0-9a-fA-F]{6}$/, '主题色应为 #RRGGBB'),
  highContrast: z.boolean({ error: '高对比度应为是或否' }),
  // optional: settings saved before the dark theme existed (issue 36), and clients that do not know it
  darkMode: z.boolean({ error: '暗黑模式应为是或否' }).optional(),
});
export type CustomSettings = z.infer<typeof customSettingsSchema>;

export const accountSettingsSchema = z.object({ notice: noticePrefsSchema, custom: customSettingsSchema.nullable() });
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

// ---------------------------------------------------------------------------------------------------
// 基本设置

const EMAIL_FORMAT = '请输入正确格式的电子邮件';

export const profileBody = z.strictObject({
  realname: z.string({ error: '请输入姓名' }).trim().min(1, '请输入姓名').max(100, '姓名不能超过100个字符'),
  avatar: optionalTrimmed(255).refine((v) => v === null || !/^(javascript|data):/i.test(v), '头像地址不正确'),
  /** accepted as it stands only: a new e-mail goes through 安全设置 with the current password (changeEmailBody) */
  email: optionalTrimmed(45)
    .refine((v) => v === null || z.email().safeParse(v).success, EMAIL_FORMAT)
    .optional(),
});

// ---------------------------------------------------------------------------------------------------
// 安全设置: phone (an SMS code to the new phone) and e-mail (the current password)

/** Asks for a code (smsmode 3) to the phone the signed-in user wants: no image captcha, the SMS limits apply. */
export const phoneCodeBody = z.strictObject({ mobile: mobileField });

/** The SMS code travels as `smscode`, as /sys/user/register's does (the operation log masks that name). */
export const changePhoneBody = z.strictObject({ phone: mobileField, smscode: smsCodeField });
export type ChangePhoneBody = z.infer<typeof changePhoneBody>;

export const changeEmailBody = z.strictObject({
  email: z
    .string({ error: '请输入新邮箱' })
    .trim()
    .min(1, '请输入新邮箱')
    .max(45, '邮箱不能超过45个字符')
    .refine((v) => z.email().safeParse(v).success, EMAIL_FORMAT),
  password: z.string({ error: '请输入当前密码' }).min(1, '请输入当前密码').max(128, '密码不能超过128个字符'),
});
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;

// ---------------------------------------------------------------------------------------------------
// 安全设置: sessions

export const accountSessionSchema = z.object({
  /** a handle for revoking; not the token, nothing signs in with it */
  id: z.string(),
  device: z.string(),
  browser: z.string(),
  os: z.string(),
  mobile: z.boolean(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

// ---------------------------------------------------------------------------------------------------
// 个人中心

export const accountCenterSchema = z.object({
  profile: z.object({
    id: z.string(),
    username: z.string(),
    realname: z.string(),
    avatar: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    orgCode: z.string().nullable(),
    /** the current department's name */
    departName: z.string().nullable(),
    /** every department the user belongs to */
    departs: z.array(z.string()),
    /** the organisation (机构) the user acts for, when one */
    orgName: z.string().nullable(),
    roles: z.array(z.string()),
    /** the sign-in before the current session, if any */
    lastLoginTime: z.string().nullable(),
    lastLoginIp: z.string().nullable(),
  }),
  activity: z.array(z.object({ id: z.string(), content: z.string(), time: z.string(), ip: z.string().nullable(), success: z.boolean().nullable() })),
  decisions: z.array(
    z.object({
      id: z.string(),
      bizType: z.string(),
      bizType_dictText: z.string().optional(),
      bizId: z.string(),
      bizTitle: z.string().nullable(),
      node_dictText: z.string().optional(),
      result: z.string(),
      result_dictText: z.string().optional(),
      opinion: z.string().nullable(),
      approveTime: z.string(),
    }),
  ),
});
export type AccountCenter = z.infer<typeof accountCenterSchema>;

/** How many rows 个人中心 shows of each list (issue #27: the last 20). */
export const ACCOUNT_RECENT = 20;

export const AccountMsg = {
  profileSaved: '基本信息已保存',
  sessionRevoked: '已注销该会话',
  othersRevoked: '已注销其他全部会话',
  sessionNotFound: '会话不存在或已结束',
  currentSession: '不能注销当前会话，请使用退出登录',
  noticeSaved: '通知设置已保存',
  customSaved: '个性化设置已保存',
  phoneCodeSent: '验证码已发送至新手机号，5分钟内有效',
  phoneSame: '新手机号与当前手机号相同',
  phoneTaken: '该手机号已被其他账号使用',
  phoneChanged: '手机号修改成功',
  // the field is labelled 当前密码 (issue 36): the refusal says the same word
  currentPasswordWrong: '当前密码输入错误!',
  emailSame: '新邮箱与当前邮箱相同',
  emailTaken: '该邮箱已被其他账号使用',
  emailChanged: '安全邮箱修改成功',
  emailViaSecurity: '修改邮箱需要验证当前密码，请到安全设置中修改',
} as const;

/** Every call is the caller's own account: signed in, nothing more. */
export const accountFlow = defineFlow()({
  basePath: ACCOUNT_BASE,
  actions: {
    center: { path: 'center', method: 'GET', signedIn: true, onboarding: true, reply: accountCenterSchema, summary: '个人中心：本人概况、最近操作与最近审批' },
    saveProfile: {
      path: 'profile',
      method: 'POST',
      alsoMethods: ['PUT'],
      signedIn: true,
      onboarding: true,
      body: profileBody,
      reply: z.object({ userInfo: userInfoSchema }),
      done: AccountMsg.profileSaved,
      summary: '修改本人基本信息',
    },
    sessions: { path: 'sessions', method: 'GET', signedIn: true, onboarding: true, reply: z.array(accountSessionSchema), summary: '本人的登录会话' },
    revokeSession: {
      path: 'sessions/revoke',
      method: 'POST',
      signedIn: true,
      onboarding: true,
      body: z.strictObject({ id: z.string({ error: '缺少会话ID' }).min(1, '缺少会话ID').max(64, '会话ID不正确') }),
      reply: z.null(),
      done: AccountMsg.sessionRevoked,
      summary: '注销本人的另一个会话',
    },
    revokeOthers: {
      path: 'sessions/revokeOthers',
      method: 'POST',
      signedIn: true,
      onboarding: true,
      reply: z.object({ count: z.number() }),
      done: AccountMsg.othersRevoked,
      summary: '注销本人除当前以外的全部会话',
    },
    settings: { path: 'settings', method: 'GET', signedIn: true, onboarding: true, reply: accountSettingsSchema, summary: '本人的通知设置与个性化设置' },
    saveNotice: {
      path: 'settings/notice',
      method: 'POST',
      alsoMethods: ['PUT'],
      signedIn: true,
      onboarding: true,
      body: noticePrefsSchema,
      reply: z.null(),
      done: AccountMsg.noticeSaved,
      summary: '保存新消息通知设置',
    },
    sendPhoneCode: {
      path: 'phone/code',
      method: 'POST',
      signedIn: true,
      onboarding: true,
      body: phoneCodeBody,
      reply: z.null(),
      done: AccountMsg.phoneCodeSent,
      summary: '向新手机号发送修改手机号的短信验证码',
    },
    changePhone: {
      path: 'phone/change',
      method: 'POST',
      signedIn: true,
      onboarding: true,
      body: changePhoneBody,
      reply: z.object({ userInfo: userInfoSchema }),
      done: AccountMsg.phoneChanged,
      summary: '修改本人手机号（新手机号的短信验证码）',
    },
    changeEmail: {
      path: 'email/change',
      method: 'POST',
      signedIn: true,
      onboarding: true,
      body: changeEmailBody,
      reply: z.object({ userInfo: userInfoSchema }),
      done: AccountMsg.emailChanged,
      summary: '修改本人安全邮箱（验证当前密码）',
    },
    saveCustom: {
      path: 'settings/custom',
      method: 'POST',
      alsoMethods: ['PUT'],
      signedIn: true,
      onboarding: true,
      body: customSettingsSchema,
      reply: z.null(),
      done: AccountMsg.customSaved,
      summary: '保存个性化设置',
    },
  },
});
