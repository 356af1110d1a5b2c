import type { AuthItem } from '@sbwq/contracts';

/**
 * spec §6 "Roles and permissions", as pure functions over the three lists the session holds:
 * - `routePermissions`: the route's `meta.permissionList` (node-level entries);
 * - `auth`: the user's granted buttons (sessionStorage LOGIN_USER_BUTTON_AUTH);
 * - `allAuth`: every button of the system with its status (sessionStorage SYS_BUTTON_AUTH).
 * The server is the authority: these only hide what it would refuse.
 */
export type AccessLists = {
  routePermissions?: AuthItem[] | null;
  auth: AuthItem[];
  allAuth: AuthItem[];
};

/** An entry's action may be a comma list of codes (spec §3 "Permission/menu item"). */
function holds(item: AuthItem, code: string): boolean {
  return String(item.action ?? '')
    .split(',')
    .some((action) => action.trim() === code);
}

/**
 * Button permission (spec §6), rule by rule:
 * 1. the route's permission list has a type "2" entry with the action: allowed;
 * 2. otherwise the session lists decide: a system entry for the action that is disabled (status "0") denies;
 * 3. with no route-local entries, the user's enabled entry allows (`auth` holds only enabled rows);
 * 4. otherwise a button guarded by an action is removed.
 * §6 records two readings. This one is the one the server enforces — a disabled button row is refused
 * to everyone, and a user without the code is refused — so nothing is shown that would then fail.
 * Stock JeecgBoot's other reading (a disabled entry switches the check off) would show such buttons.
 */
export function hasButtonPermission(code: string, lists: AccessLists): boolean {
  if ((lists.routePermissions ?? []).some((item) => String(item.type) === '2' && holds(item, code))) return true;
  const system = lists.allAuth.filter((item) => holds(item, code));
  if (system.some((item) => String(item.status) === '0')) return false;
  return lists.auth.some((item) => holds(item, code));
}

export type ButtonState = 'allowed' | 'disabled' | 'hidden';

/**
 * What to do with a guarded button: allowed ones show; a button whose enabled system entry has the
 * authorisation strategy "2" (字典 global_perms_type: 可编辑(未授权时禁用)) shows disabled to users
 * lacking it; every other one is removed.
 */
export function buttonState(code: string, lists: AccessLists): ButtonState {
  if (hasButtonPermission(code, lists)) return 'allowed';
  const disabling = lists.allAuth.some((item) => holds(item, code) && String(item.type) === '2' && String(item.status ?? '1') === '1');
  return disabling ? 'disabled' : 'hidden';
}

/**
 * Column permission (spec §6, type "1"): the forbidden fields are the enabled type "1" entries of the
 * system list under `prefix` that the user's list lacks, with the prefix stripped.
 */
export function forbiddenColumns(prefix: string, lists: Pick<AccessLists, 'auth' | 'allAuth'>): string[] {
  const under = (item: AuthItem) => String(item.type) === '1' && String(item.action ?? '').startsWith(prefix);
  const strip = (item: AuthItem) => String(item.action).slice(prefix.length);
  const mine = new Set(lists.auth.filter(under).map(strip));
  return lists.allAuth
    .filter((item) => under(item) && String(item.status ?? '1') === '1')
    .map(strip)
    .filter((field) => field !== '' && !mine.has(field));
}

type FieldColumn = { dataIndex?: unknown; key?: unknown };

/** Leaves out the columns whose field is forbidden. */
export function filterColumns<C extends FieldColumn>(columns: C[], forbidden: string[]): C[] {
  if (forbidden.length === 0) return columns;
  const hidden = new Set(forbidden);
  return columns.filter((column) => {
    const field = Array.isArray(column.dataIndex) ? column.dataIndex.join('.') : (column.dataIndex ?? column.key);
    return !(typeof field === 'string' && hidden.has(field));
  });
}
