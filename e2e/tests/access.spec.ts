import { ADMIN, button, expect, GREETING, signIn, storedToken, submitLogin, test, TOKEN_KEY } from '../support/app.ts';

test.describe('§2 access rules', () => {
  test('without a token a page sends to login with the full path as redirect, and login lands there', async ({ page }) => {
    await page.goto('/dashboard/analysis?tab=2&q=商标');
    const target = '/dashboard/analysis?tab=2&q=%E5%95%86%E6%A0%87';
    await expect(page).toHaveURL(`/user/login?redirect=${encodeURIComponent(target)}`);

    await submitLogin(page, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL(target);
    await expect(page.getByText(GREETING)).toBeVisible();
  });

  test('/user goes to /user/login', async ({ page }) => {
    await page.goto('/user');
    await expect(page).toHaveURL('/user/login');
  });

  test('a signed-in user opening /user/login goes to /dashboard/analysis', async ({ page }) => {
    await signIn(page);
    await page.goto('/user/login');
    await expect(page).toHaveURL('/dashboard/analysis');
    await expect(page.getByText(GREETING)).toBeVisible();
  });

  test('/ redirects to /dashboard/analysis', async ({ page }) => {
    await signIn(page);
    await page.goto('/');
    await expect(page).toHaveURL('/dashboard/analysis');
    await expect(page.getByText(GREETING)).toBeVisible();
  });

  test('an unknown path goes to /404', async ({ page }) => {
    await signIn(page);
    await page.goto('/no/such/page?x=1');
    await expect(page).toHaveURL('/404');
    await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
    await button(page, '返回首页').click();
    await expect(page).toHaveURL('/dashboard/analysis');
  });

  test('an invalid stored token ends at login with the 登录已过期 dialog', async ({ page }) => {
    await page.goto('/user/login');
    await page.evaluate((key) => localStorage.setItem(key, JSON.stringify({ value: 'not-a-real-token', expire: Date.now() + 3_600_000 })), TOKEN_KEY);
    await page.goto('/dashboard/analysis');
    await expect(page).toHaveURL(`/user/login?redirect=${encodeURIComponent('/dashboard/analysis')}`);
    const dialog = page.getByRole('dialog', { name: '登录已过期' });
    await expect(dialog.getByText('很抱歉，登录已过期，请重新登录')).toBeVisible();
    expect(await storedToken(page)).toBeNull();

    await button(dialog, '重新登录').click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByLabel('账号', { exact: true })).toBeVisible();
  });
});

test('§4 logout asks for confirmation, returns to login and ends the session', async ({ page }) => {
  await signIn(page);
  const token = (await storedToken(page))?.value;
  expect(token).toBeTruthy();

  // spec §2: 退出登录 is a link of its own beside the user dropdown.
  await page.getByRole('button', { name: '退出登录' }).click();
  const dialog = page.getByRole('dialog', { name: '提示' });
  await expect(dialog.getByText('真的要注销登录吗 ?')).toBeVisible();
  await button(dialog, '确定').click();

  await expect(page).toHaveURL('/user/login');
  expect(await storedToken(page)).toBeNull();
  // The server revoked the token: it no longer opens the permission list.
  const answer = await page.request.get(`/jeecg-boot/sys/permission/getUserPermissionByToken?token=${token}`, {
    headers: { 'X-Access-Token': token ?? '' },
  });
  expect(answer.status()).toBe(500);
  expect((await answer.json()).message).toContain('Token失效');

  await page.goto('/dashboard/analysis');
  await expect(page).toHaveURL(/\/user\/login\?redirect=/);
});
