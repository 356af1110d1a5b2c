import type { Page } from '@playwright/test';
import { button, test } from '../support/app.ts';
import { criticalAxeFindings } from '../support/axe.ts';
import { apiCall, apiToken, dialog, expect, row, signIn, SYSTEM_TEST_TIMEOUT } from '../support/system.ts';
import { choose, saveNew } from '../support/system-data.ts';

/*
 * Issue #25 路由网关: the list says which upstreams the server allows (GATEWAY_UPSTREAMS, set for the e2e
 * server in playwright.config.ts), a route added on the screen is served at once under /gateway/ (its
 * upstream is down here: the gateway answers 502 in Chinese), at 375 px, with no critical axe finding.
 * Issue 34: a route that needs sign-in may name a permission code; the form refuses one on an open route.
 */

const SCREEN = '/isystem/gatewayRoute';

/** The 新增网关路由 form as an administrator opens it at 1440 px, its 路由名称 and 路由编码 filled in. */
async function newRouteForm(page: Page, name: string, routerId: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page);
  await page.goto(SCREEN);
  await expect(page.getByText(/可用上游服务：cnipa-mock/)).toBeVisible();
  await button(page, '新增').click();
  const add = dialog(page, '新增网关路由');
  await add.getByLabel('路由名称').fill(name);
  await add.getByLabel('路由编码').fill(routerId);
  return add;
}

test.describe('路由网关 (issue #25)', () => {
  test.describe.configure({ timeout: SYSTEM_TEST_TIMEOUT });

  test('a route added on the screen is listed and served under /gateway/ at once; the form refuses a path outside /gateway/', async ({ page }) => {
    const add = await newRouteForm(page, '商标公告查询', 'e2e-announce');
    await add.getByLabel('路径前缀').fill('/api/announce');
    await add.getByLabel('路由名称').click();
    await expect(add.getByText(/路径前缀须以 \/gateway\/ 开头/)).toBeVisible();
    await add.getByLabel('路径前缀').fill('/gateway/e2e/announce');
    await choose(page, add.getByLabel('上游服务'), `cnipa-mock（http://127.0.0.1:9）`);
    await add.getByRole('radiogroup', { name: '需要登录' }).getByText('否').click();
    await add.getByLabel('排序').fill('10');
    expect(await criticalAxeFindings(page)).toEqual([]);
    await saveNew(page, add);

    const saved = row(page, 'e2e-announce');
    await expect(saved).toContainText('/gateway/e2e/announce');
    await expect(saved).toContainText('启用');
    const answer = await page.request.get('/gateway/e2e/announce/2026/1915');
    expect(answer.status()).toBe(502);
    expect(await answer.json()).toMatchObject({ success: false, message: '上游服务无法连接，请稍后再试' });
    expect((await page.request.get('/gateway/e2e/other')).status()).toBe(404);
  });

  test('a route that needs sign-in names a permission code on the form: the list shows it, a caller without it gets 403 (510), one with it is forwarded', async ({
    page,
  }) => {
    const add = await newRouteForm(page, '商标局接口', 'e2e-perm');
    await add.getByLabel('路径前缀').fill('/gateway/e2e/perm');
    await choose(page, add.getByLabel('上游服务'), `cnipa-mock（http://127.0.0.1:9）`);
    await add.getByLabel('权限编码').fill('drop table');
    await add.getByLabel('路由名称').click();
    await expect(add.getByText(/权限编码形如 module:resource:action/)).toBeVisible();
    await add.getByLabel('权限编码').fill('gateway:e2e:call');
    await add.getByRole('radiogroup', { name: '需要登录' }).getByText('否').click();
    await expect(add.getByText('只有需要登录的路由才能指定权限编码')).toBeVisible();
    await add.getByRole('radiogroup', { name: '需要登录' }).getByText('是').click();
    await expect(add.getByText('只有需要登录的路由才能指定权限编码')).toBeHidden();
    await add.getByLabel('排序').fill('11');
    expect(await criticalAxeFindings(page)).toEqual([]);
    await saveNew(page, add);

    const saved = row(page, 'e2e-perm');
    await expect(saved).toContainText('gateway:e2e:call');
    // The administrator does not hold the code: refused before the upstream is asked.
    const token = await apiToken(page.request);
    const refused = await page.request.get('/gateway/e2e/perm/x', { headers: { 'X-Access-Token': token } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ success: false, code: 510, message: '没有权限，请联系管理员授权' });
    expect(refused.headers()['content-security-policy']).toContain('sandbox');
    // A code the administrator holds admits them: the request goes on to the (unreachable) upstream.
    const routes = await apiCall<{ records: Record<string, unknown>[] }>(page.request, token, 'GET', '/sys/gatewayRoute/list', undefined, {
      routerId: 'e2e-perm',
    });
    await apiCall(page.request, token, 'PUT', '/sys/gatewayRoute/edit', { ...routes.records[0], permission: 'system:gatewayRoute:list' });
    expect((await page.request.get('/gateway/e2e/perm/x', { headers: { 'X-Access-Token': token } })).status()).toBe(502);
  });

  test('at 375 px the list fits the screen and has no critical axe finding', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page);
    await page.goto(SCREEN);
    await expect(page.getByText(/可用上游服务/)).toBeVisible();
    await expect(button(page, '新增')).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(await criticalAxeFindings(page)).toEqual([]);
  });
});
