/**
 * User-facing texts of the spec and of the JeecgBoot API, word for word. Both sides import them so
 * that a test on either side fails when one is changed.
 */
export const SYSTEM_TITLE = '商标维权服务系统';
export const WELCOME_TEXT = '欢迎进入 商标维权服务系统！';

export const Msg = {
  // spec §5 change password
  oldPasswordRequired: '请输入旧密码!',
  newPasswordRequired: '请输入新密码!',
  confirmPasswordRequired: '请确认新密码!',
  passwordsDiffer: '两次输入的密码不一样！',
  // spec §8
  forbidden: '拒绝访问',
  sessionExpiredTitle: '登录已过期',
  sessionExpiredContent: '很抱歉，登录已过期，请重新登录',
  notFound: '很抱歉，资源未找到!',
  gatewayTimeout: '网络超时',
  unauthorized: '未授权，请重新登录',
  loginFailed: '帐号登录失败',
  loginRetry: '是否重新登录？',
  noLoginUser: '当前系统无登录用户!',
  noDeparts: '您尚未设置部门信息!',
  cacheRefreshed: '刷新缓存完成！',
  cacheRefreshFailed: '刷新缓存失败！',
  emptyMenu: 'permissions must be a non-null array',
  notificationTitle: '系统提示',
  logoutConfirm: '真的要注销登录吗 ?',
  // server answers (JEECG-API §1, §2, §5)
  tokenInvalid: 'Token失效，请重新登录',
  noPermission: '没有权限，请联系管理员授权',
  ok: '操作成功！',
  loginOk: '登录成功',
  logoutOk: '退出登录成功！',
  badCredentials: '用户名或密码错误',
  passwordMustChange: '您的密码不符合安全要求，请先修改密码',
  userFrozen: '该用户已冻结',
  accountLocked: '登录失败次数过多，账号已锁定，请10分钟后再试',
  captchaInvalid: '验证码无效',
  captchaWrong: '验证码错误',
  captchaRequired: '请输入验证码',
  tooManyRequests: '请求过于频繁，请稍后再试',
  userNotFound: '用户不存在！',
  oldPasswordWrong: '旧密码输入错误!',
  newPasswordEmpty: '新密码不允许为空!',
  passwordsDifferServer: '两次输入密码不一致!',
  passwordChanged: '密码重置成功!',
  querySuccess: '查询成功',
  queryFailed: '查询失败！',
  pathNotFound: '路径不存在，请检查路径是否正确',
  /** the stock client's monitor screens call Spring Boot Actuator (issue 36): said instead of its bare 资源未找到 */
  actuatorUnserved: '本系统不提供 Spring Boot Actuator 监控接口：服务器、数据库与 Redis 监控、请求追踪请在本系统的“系统监控”菜单中查看',
  /** the stock 用户管理's 代理人 (a workflow's delegate) */
  userAgentUnserved: '本系统没有流程代理人（用户代理人）功能',
  /** the stock 部门权限 and 部门角色's 数据规则 */
  departDataRuleUnserved: '本系统的数据规则在角色授权中设置（角色管理 → 授权 → 数据规则），不按部门或部门角色设置',
  /** the stock 新增用户's 部门 picker asks for an id before the user exists */
  badRequest: '请求参数不正确',
  badJson: '请求内容不是有效的JSON',
  dictCodeBad: '字典Code格式不正确！',
  dictTableNotAllowed: '该表字典未登记，不允许查询',
  departNotMine: '只能切换到本人所属的部门',
  serverError: '操作失败，服务器内部错误',
  bodyTooLarge: '请求内容过大',
  controlChars: '输入内容含有不允许的控制字符',
  badMultipart: '上传内容格式不正确，请重新选择文件上传',
  duplicate: '数据已存在，请勿重复提交',
  // spec §2 tabs, §8 (moving/closing beyond the ends)
  homeTabNotClosable: '首页不能关闭!',
  lastTabNotClosable: '这是最后一页，不能再关闭了啦',
  unknownOperation: '未知的操作',
  alreadyLast: '已到最后~',
  // spec §4 theme colour change, §8 theme failure
  compilingTheme: '正在编译主题！',
  themeFailed: 'Failed to update theme',
} as const;

/**
 * Control characters no text field may carry: PostgreSQL refuses U+0000 in text outright and the rest
 * are never typed. Tab, line feed and carriage return stay allowed (text areas, pasted tables).
 */
// oxlint-disable-next-line no-control-regex -- control characters are exactly what this refuses
export const CONTROL_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
