import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ACCOUNT_MENU, type AuthItem, type MenuNode, type PermissionResult } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { dataVersion, underVersion } from '../../../platform/db/versioned-cache.ts';
import { menuGated, onboardingRows } from '../../core/org/onboarding.ts';

export type PermissionRow = {
  id: string;
  parent_id: string | null;
  name: string;
  url: string | null;
  component: string | null;
  component_name: string | null;
  redirect: string | null;
  menu_type: number;
  perms: string | null;
  perms_type: string | null;
  sort_no: number | null;
  always_show: number;
  icon: string | null;
  is_route: number;
  is_leaf: number;
  keep_alive: number;
  hidden: number;
  status: string | null;
  internal_or_external: number;
};

const COLUMNS = sql.raw(
  'p.id, p.parent_id, p.name, p.url, p.component, p.component_name, p.redirect, p.menu_type, p.perms, p.perms_type, p.sort_no, p.always_show, p.icon, p.is_route, p.is_leaf, p.keep_alive, p.hidden, p.status, p.internal_or_external',
);

/** The permission rows a user holds (JEECG-API §3.1 queryByUser): roles, online-report rows, department roles. */
export function userPermissionRows(db: Db, userId: string): Promise<PermissionRow[]> {
  return rows<PermissionRow>(
    db,
    sql`select ${COLUMNS} from sys_permission p
         where p.del_flag = 0 and (
               p.id in (select rp.permission_id from sys_role_permission rp
                          join sys_user_role ur on ur.role_id = rp.role_id where ur.user_id = ${userId})
            or (p.url like '/online%' and p.url like '%:code' and p.hidden = 1)
            or p.url = '/online'
            or p.id in (select drp.permission_id from sys_depart_role_permission drp
                          join sys_depart_role_user dru on dru.drole_id = drp.role_id where dru.user_id = ${userId}))
         order by p.sort_no asc, p.id asc`,
  );
}

export function allButtonRows(db: Db): Promise<PermissionRow[]> {
  return rows<PermissionRow>(db, sql`select ${COLUMNS} from sys_permission p where p.del_flag = 0 and p.menu_type = 2 order by p.sort_no asc, p.id asc`);
}

export function homeRow(db: Db): Promise<PermissionRow[]> {
  return rows<PermissionRow>(db, sql`select ${COLUMNS} from sys_permission p where p.del_flag = 0 and p.name = '首页' order by p.sort_no asc limit 1`);
}

const isExternalUrl = (url: string) => /^(https?:\/\/|\{\{)/.test(url);

/** Route name rule of JEECG-API §3.1: component_name, else the url with `/`→`-` and `:`→`@`. */
export function routeName(row: Pick<PermissionRow, 'component_name' | 'url'>): string {
  if (row.component_name) return row.component_name;
  const url = row.url ?? '';
  return url.replace(/^\//, '').replaceAll('/', '-').replaceAll(':', '@');
}

function menuNode(row: PermissionRow): MenuNode {
  const url = row.url ?? '';
  const external = isExternalUrl(url);
  const node: MenuNode = {
    id: row.id,
    route: row.is_route === 1 ? '1' : '0',
    path: external ? createHash('md5').update(url).digest('hex') : url,
    name: routeName(row),
    component: row.component,
    meta: {
      keepAlive: row.keep_alive === 1,
      internalOrExternal: row.internal_or_external === 1,
      title: row.name,
    },
  };
  if (!row.parent_id) node.redirect = row.redirect;
  if (row.hidden === 1) node.hidden = true;
  if (row.always_show === 1) node.alwaysShow = true;
  if (row.icon) node.meta.icon = row.icon;
  if (external) node.meta.url = url;
  return node;
}

/**
 * The menu tree of JEECG-API §3.1: roots have no parent; only menus (types 0, 1) become nodes; recursion
 * only below rows marked non-leaf; a parent none of whose children is visible is itself hidden.
 */
export function buildMenuTree(list: PermissionRow[]): MenuNode[] {
  const menus = list.filter((r) => r.menu_type === 0 || r.menu_type === 1);
  const byParent = new Map<string, PermissionRow[]>();
  for (const row of menus) {
    const key = row.parent_id ?? '';
    const siblings = byParent.get(key);
    if (siblings) siblings.push(row);
    else byParent.set(key, [row]);
  }
  const build = (row: PermissionRow, depth: number): MenuNode => {
    const node = menuNode(row);
    if (row.is_leaf === 0 && depth < 20) {
      const children = (byParent.get(row.id) ?? []).map((c) => build(c, depth + 1));
      if (children.length > 0) node.children = children;
      // A grouping row (layout component) with nothing visible below it is hidden; a screen whose only
      // children are buttons is still a page of its own.
      const grouping = !row.component || row.component.includes('layouts/');
      if (grouping && !children.some((c) => !c.hidden)) node.hidden = true;
    }
    return node;
  };
  return (byParent.get('') ?? []).map((r) => build(r, 0));
}

const authItem = (row: PermissionRow, withStatus: boolean): AuthItem => ({
  action: row.perms ?? '',
  type: row.perms_type ?? '0',
  describe: row.name,
  ...(withStatus ? { status: row.status ?? '1' } : {}),
});

/**
 * The caller's menus and buttons. Every page load asks, so the rows are remembered per version of the
 * `access` tables (menus, roles and grants are among them); pass the session's `accessVersion` and
 * department code (`orgCode`) to save reading them again.
 */
export async function userPermissions(db: Db, userId: string, version?: number, orgCode?: string | null): Promise<PermissionResult> {
  const v = version ?? (await dataVersion(db, 'access'));
  const [granted, buttons] = await Promise.all([
    underVersion(db, `menu-rows\n${userId}`, v, () => userPermissionRows(db, userId)),
    underVersion(db, 'button-rows', v, () => allButtonRows(db)),
  ]);
  let list = granted;
  if (!list.some((r) => r.name === '首页')) list = [...(await underVersion(db, 'home-row', v, () => homeRow(db))), ...list];
  // An organisation user whose organisation is not enrolled and certified sees only the onboarding pages (DOMAIN.md).
  if (await menuGated(db, userId, v, orgCode)) list = onboardingRows(list);
  return {
    // 个人中心 / 账户设置: hidden entries every signed-in user has (issue #27), after the granted menu
    menu: [...buildMenuTree(list), ...ACCOUNT_MENU],
    auth: list.filter((r) => r.menu_type === 2 && r.status === '1').map((r) => authItem(r, false)),
    allAuth: buttons.map((r) => authItem(r, true)),
  };
}
