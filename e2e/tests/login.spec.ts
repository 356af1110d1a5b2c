import { ADMIN, button, expect, field, storedToken, submitLogin, test } from '../support/app.ts';

test.describe('sign in', () => {
  test('admin signs in through the form and sees the §9 greeting and the user name', async ({ page }) => {
    const now = new Date('2026-03-02T15:30:00+08:00');
    await page.clock.setFixedTime(now);
    await page.goto('/user/login');
    await expect(page).toHaveTitle('登录 · 商标维权服务系统');
    await expect(page.getByRole('heading', { name: '商标维权服务系统' })).toBeVisible();
    await expect(page.getByText('联系电话：010-00000000')).toBeVisible();

    await submitLogin(page, ADMIN.username, ADMIN.password);

    await expect(page).toHaveURL('/dashboard/analysis');
    await expect(page.getByText('下午好，系统管理员，欢迎你')).toBeVisible();
    await expect(page.getByRole('button', { name: `当前用户 ${ADMIN.realname}` })).toBeVisible();
    await expect(page.getByText('欢迎进入 商标维权服务系统！').first()).toBeVisible();
    await expect(page.getByRole('menuitem', { name: '首页' })).toBeVisible();
    await expect(page).toHaveTitle('首页 · 商标维权服务系统');
    const token = await storedToken(page);
    expect(token?.value).toBeTruthy();
    expect(token?.expire).toBe(now.getTime() + 604_800_000);

    // A reload keeps the session and the page (the server answers index.html for app paths).
    await page.reload();
    await expect(page.getByText('下午好，系统管理员，欢迎你')).toBeVisible();
  });

  test('issue 36: /user/login with a stale token drops it silently — no 登录已过期 over the form, what was typed stays', async ({ page }) => {
    await page.goto('/favicon.svg');
    await page.evaluate(() =>
      localStorage.setItem(
        'pro__Access-Token',
        JSON.stringify({ value: 'eyJhbGciOiJIUzI1NiJ9.eyJ1c2VybmFtZSI6ImFkbWluIn0.revoked', expire: Date.now() + 604_800_000 }),
      ),
    );
    await page.goto('/user/login');
    await field(page, '账号').fill('typed-name');
    await expect.poll(() => storedToken(page)).toBeNull();
    await page.waitForTimeout(2000);
    await expect(page.getByText('登录已过期')).toHaveCount(0);
    await expect(page).toHaveURL(/\/user\/login/);
    await expect(field(page, '账号')).toHaveValue('typed-name');
  });

  test('§8 a wrong password shows 用户名或密码错误 and stays on the login page', async ({ page }) => {
    await page.goto('/user/login');
    await submitLogin(page, ADMIN.username, 'not-the-password-1');
    const dialog = page.getByRole('dialog', { name: '是否重新登录？' });
    await expect(dialog.getByText('用户名或密码错误')).toBeVisible();
    await expect(page.getByText('帐号登录失败')).toBeVisible();
    await button(dialog, '重新登录').click();
    await expect(field(page, '密码')).toHaveValue('');
    await expect(page).toHaveURL('/user/login');
    expect(await storedToken(page)).toBeNull();

    // The user can then sign in (one failure asks no captcha).
    await submitLogin(page, ADMIN.username, ADMIN.password);
    await expect(page).toHaveURL('/dashboard/analysis');
  });

  test('after 3 failed attempts the captcha field appears and is sent with the login', async ({ page }) => {
    const username = `nobody${Date.now()}`;
    await page.goto('/user/login');
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await expect(field(page, '验证码')).toHaveCount(0);
      await submitLogin(page, username, `wrong-${attempt}`);
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByText('用户名或密码错误')).toBeVisible();
      await button(dialog, '取消').click();
      await expect(dialog).toHaveCount(0);
    }

    await expect(field(page, '验证码')).toBeVisible();
    const image = page.getByRole('img', { name: '验证码图片' });
    await expect(image).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
    const first = await image.getAttribute('src');
    await image.click();
    await expect(image).not.toHaveAttribute('src', first ?? '');

    const sent = page.waitForRequest((request) => request.url().endsWith('/jeecg-boot/sys/login'));
    await field(page, '验证码').fill('zzzz');
    await submitLogin(page, username, 'wrong-4');
    const body = (await sent).postDataJSON() as Record<string, string>;
    expect(body.captcha).toBe('zzzz');
    expect(body.checkKey).toMatch(/^\d{13}$/);
    await expect(page.getByRole('dialog').getByText('验证码错误')).toBeVisible();
  });
});
