import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { MenuNode } from '@sbwq/contracts';
import { ADMIN, sawToast } from './app.ts';

/** What the e2e tests need of the shell beyond signing in: a richer menu, API sign-in, users. */

const item = (
  id: string,
  path: string,
  title: string,
  component: string | null,
  extra: Partial<MenuNode> = {},
  meta: Partial<MenuNode['meta']> = {},
): MenuNode => ({
  id: `e2e-${id}`,
  route: '1',
  path,
  name: path.slice(1).replace(/\//g, '-'),
  component,
  ...extra,
  meta: { keepAlive: false, internalOrExternal: false, title, ...meta },
});

export const FRAME_PATH = '/e2e/frame.html';
export const FRAME_TEXT = '这是内嵌在布局中的页面';
export const EXTERNAL_URL = 'https://www.example.org/jeecg-help';

/**
 * The seeded menu holds 首页 only. Shell tests add, seed-independently, a submenu with a keepAlive page,
 * a plain page, a hidden page, an internal link (frame) and a page whose component does not exist, an
 * external link and a result-pages submenu — what a JeecgBoot menu typically holds.
 */
export function richMenu(baseURL: string): MenuNode[] {
  return [
    item(
      'demo',
      '/e2e',
      '演示菜单',
      'layouts/RouteView',
      {
        children: [
          item('keep', '/e2e/keep', '保持页', 'test/TestHome', {}, { keepAlive: true, icon: 'form' }),
          item('plain', '/e2e/plain', '普通页', 'test/TestHome'),
          item('hidden', '/e2e/hidden', '隐藏页', 'test/TestHome', { hidden: true }),
          item('frame', '/9b2f0c2d6e1a4b3c', '内嵌页面', 'layouts/IframePageView', {}, { url: `${baseURL}${FRAME_PATH}` }),
          item('missing', '/e2e/missing', '缺失页', 'system/NoSuchList'),
        ],
      },
      { icon: 'appstore' },
    ),
    item('link', '/5d1c0b7a1f3e4d2a', '外部链接', 'layouts/IframePageView', {}, { url: EXTERNAL_URL, internalOrExternal: true, icon: 'link' }),
    item(
      'result',
      '/result',
      '结果页',
      'layouts/PageView',
      {
        children: [item('success', '/result/success', '成功', 'result/Success'), item('fail', '/result/fail', '失败', 'result/Error')],
      },
      { icon: 'profile' },
    ),
  ];
}

/** Serves the richer menu in place of the server's (after asking the server, so the session is real). */
export async function withRichMenu(page: Page, baseURL: string) {
  await page.route('**/jeecg-boot/sys/permission/getUserPermissionByToken**', async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    if (body?.result?.menu) body.result.menu = [...body.result.menu, ...richMenu(baseURL)];
    await route.fulfill({ response, json: body });
  });
  await page.route(`**${FRAME_PATH}`, (route) =>
    route.fulfill({ contentType: 'text/html; charset=utf-8', body: `<!doctype html><meta charset="utf-8"><h1>${FRAME_TEXT}</h1>` }),
  );
  await page
    .context()
    .route(`${EXTERNAL_URL}**`, (route) =>
      route.fulfill({ contentType: 'text/html; charset=utf-8', body: '<!doctype html><meta charset="utf-8"><title>帮助</title><p>外部站点</p>' }),
    );
}

type LoginAnswer = { code: number; message: string; result: { token: string; userInfo: unknown; sysAllDictItems: unknown } };

export async function apiLogin(request: APIRequestContext, username: string = ADMIN.username, password: string = ADMIN.password) {
  const answer = await request.post('/jeecg-boot/sys/login', { data: { username, password } });
  const body = (await answer.json()) as LoginAnswer;
  expect(body.code, body.message).toBe(200);
  return body.result;
}

/**
 * Signs in through the API and stores the session as the login screen does (JeecgBoot's `pro__` keys),
 * on a page of the app's origin that loads no app (the caller opens the screen it tests).
 */
export async function storeSession(page: Page, username: string = ADMIN.username, password: string = ADMIN.password) {
  const result = await apiLogin(page.request, username, password);
  await page.goto('/favicon.svg');
  await page.evaluate(
    ({ token, username: name, userInfo, dict }) => {
      const put = (key: string, value: unknown) => localStorage.setItem(`pro__${key}`, JSON.stringify({ value, expire: Date.now() + 604_800_000 }));
      put('Access-Token', token);
      put('Login_Username', name);
      put('Login_Userinfo', userInfo);
      put('UI_CACHE_DB_DICT_DATA', dict);
    },
    { token: result.token, username, userInfo: result.userInfo, dict: result.sysAllDictItems },
  );
  return result;
}

/** `storeSession`, then opens `path`: for tests of the shell, not of the login form. */
export async function signInQuickly(page: Page, path = '/dashboard/analysis', username: string = ADMIN.username, password: string = ADMIN.password) {
  const result = await storeSession(page, username, password);
  await page.goto(path);
  return result;
}

type IdNode = { key: string; title: string; children?: IdNode[] };

/** Creates a user through the admin API (POST /sys/user/add) with the given departments (by name). */
export async function createUser(request: APIRequestContext, user: { username: string; realname: string; password: string; departs: string[] }) {
  const { token } = await apiLogin(request);
  const headers = { 'X-Access-Token': token };
  const roles = (await (await request.get('/jeecg-boot/sys/role/queryall', { headers })).json()).result as { id: string; roleCode: string }[];
  const tree = (await (await request.get('/jeecg-boot/sys/sysDepart/queryIdTree', { headers })).json()).result as IdNode[];
  const flat = (nodes: IdNode[]): IdNode[] => nodes.flatMap((node) => [node, ...flat(node.children ?? [])]);
  const departIds = user.departs.map((name) => {
    const found = flat(tree).find((node) => node.title === name);
    if (!found) throw new Error(`no department ${name}`);
    return found.key;
  });
  const role = roles.find((r) => r.roleCode === 'reviewer') ?? roles[0];
  const answer = await request.post('/jeecg-boot/sys/user/add', {
    headers,
    data: {
      username: user.username,
      realname: user.realname,
      password: user.password,
      selectedroles: role.id,
      selecteddeparts: departIds.join(','),
    },
  });
  const body = await answer.json();
  expect(body.success, body.message).toBe(true);
}

export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** antd shows a toast (message) per text; waits for one. */
export async function toast(page: Page, text: string) {
  await sawToast(page, text);
}

export function sider(page: Page) {
  return page.locator('.ant-layout-sider');
}

export function tabBar(page: Page) {
  return page.locator('.ant-tabs-nav');
}

export function tab(page: Page, title: string) {
  return tabBar(page).getByRole('tab', { name: title, exact: true });
}

/** Long pages: the layout is made taller than the window, so that scrolling does something. */
export async function makePageTall(page: Page) {
  await page.addStyleTag({ content: '#root { min-height: 3000px; }' });
}

export async function scrollTo(page: Page, top: number) {
  await page.evaluate((y) => window.scrollTo(0, y), top);
}

export function screenshotPath(outputDir: string, name: string, width: number) {
  return `${outputDir}/screenshots/${name}-${width}.png`;
}
