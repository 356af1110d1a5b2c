/** Business constants and limits of spec §9. */
export const SESSION_TTL_MS = 604_800_000; // 7 days: session, dictionary cache, department storage
export const REQUEST_TIMEOUT_MS = 9_000;
export const DEFAULT_API_BASE = '/jeecg-boot';
export const DEFAULT_TENANT_ID = '0';
export const PAGE_SIZE_OPTIONS = ['10', '20', '30'] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const SIDEBAR_WIDTH = 200;
export const SIDEBAR_COLLAPSED_WIDTH = 80;
export const MOBILE_BREAKPOINT = 1087.99;
export const SMALL_MOBILE_BREAKPOINT = 767.99;
export const DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const NOTIFICATION_DURATION_S = 4;
export const HOME_PATH = '/dashboard/analysis';
export const LOGIN_PATH = '/user/login';
/** spec §2: paths reachable without a token */
export const PUBLIC_PATHS = ['/user/login', '/user/register', '/user/register-result', '/user/alteration'] as const;

/** Local-storage keys of spec §3 (JeecgBoot names, so an existing client's storage keeps working). */
export const StorageKey = {
  accessToken: 'Access-Token',
  sidebarType: 'SIDEBAR_TYPE',
  theme: 'DEFAULT_THEME',
  layout: 'DEFAULT_LAYOUT_MODE',
  color: 'DEFAULT_COLOR',
  tenantId: 'TENANT_ID',
  dictCache: 'UI_CACHE_DB_DICT_DATA',
  username: 'Login_Username',
  userInfo: 'Login_Userinfo',
  userAuth: 'LOGIN_USER_BUTTON_AUTH',
  sysAuth: 'SYS_BUTTON_AUTH',
} as const;

/** spec §9 greeting by hour */
export function greetingFor(hour: number): string {
  if (hour < 9) return '早上好';
  if (hour <= 11) return '上午好';
  if (hour <= 13) return '中午好';
  if (hour < 20) return '下午好';
  return '晚上好';
}
