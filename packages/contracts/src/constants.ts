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
  // the settings drawer (spec §3 settings; JeecgBoot mutation-types names, stored without expiry)
  colorWeak: 'DEFAULT_COLOR_WEAK',
  fixedHeader: 'DEFAULT_FIXED_HEADER',
  fixSiderbar: 'DEFAULT_FIXED_SIDEMENU',
  autoHideHeader: 'DEFAULT_FIXED_HEADER_HIDDEN',
  contentWidth: 'DEFAULT_CONTENT_WIDTH_TYPE',
  multipage: 'DEFAULT_MULTI_PAGE',
} as const;

/** spec §9 greeting by hour */
export function greetingFor(hour: number): string {
  if (hour < 9) return '早上好';
  if (hour <= 11) return '上午好';
  if (hour <= 13) return '中午好';
  if (hour < 20) return '下午好';
  return '晚上好';
}

/** spec §3 settings default primary colour */
export const DEFAULT_PRIMARY_COLOR = '#1890FF';
/** spec §9 layout: a refreshed tab is highlighted this long */
export const RELOAD_HIGHLIGHT_MS = 1_400;
/** spec §4: the header auto-hides after this much scroll */
export const AUTO_HIDE_HEADER_SCROLL_PX = 100;
/** spec §9: the scroll flag is cleared after this long */
export const SCROLL_FLAG_RESET_MS = 100;
/** JeecgBoot's local-storage key prefix of a page title remembered per route (+ the route's full path) */
export const ROUTE_TITLE_KEY_PREFIX = 'route:title:';

/** a mainland China mobile number */
export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
