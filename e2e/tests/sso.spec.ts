import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { ADMIN, button, expect, GREETING, signIn, test } from '../support/app.ts';
import { startFakeCas, type FakeCas } from '../../packages/server/src/modules/identity/cas/cas.testkit.ts';
import { startOidcProvider, type TestOidcProvider } from '../../packages/server/src/modules/identity/third-login/oidc.testkit.ts';

/**
 * Single sign-on in Chromium (issue: CAS round trip; OIDC round trip with binding): a server of its own,
 * started with a local CAS protocol server and a real OpenID Connect provider (oidc-provider), since
 * with CAS_SERVER_URL set every login page goes to CAS, which the other specs' server must not do.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let server: ChildProcess | null = null;
let cas: FakeCas;
let idp: TestOidcProvider;
let base = '';
let dataDir = '';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

async function axeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  // the default theme's primary colour (#1890FF, named by the spec) is below 4.5:1: accessibility.spec.ts measures contrast under 高对比度
  const bad = violations.filter((v) => (v.impact === 'serious' || v.impact === 'critical') && v.id !== 'color-contrast');
  expect(bad.map((v) => `${v.id}: ${v.nodes[0]?.html}`)).toEqual([]);
}

async function logout(page: Page) {
  await page.getByRole('button', { name: '退出登录' }).click();
  await button(page.getByRole('dialog', { name: '提示' }), '确定').click();
}

test.describe('single sign-on: CAS and OpenID Connect (spec §1, §4, §7)', () => {
  test.describe.configure({ mode: 'serial', timeout: 90_000 });

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    cas = await startFakeCas();
    idp = await startOidcProvider([`${base}/jeecg-boot/thirdLogin/callback/demo`]);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbwq-e2e-sso-'));
    server = spawn(process.execPath, ['--enable-source-maps', 'packages/server/dist/main.mjs'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: ADMIN.password,
        SEED_DEMO: '0',
        NODE_ENV: 'production',
        TRUST_PROXY: '1',
        JOBS_ENABLED: '0',
        PUBLIC_URL: base,
        CAS_SERVER_URL: cas.url,
        ...idp.env('demo', '演示身份'),
      },
    });
    await expect
      .poll(async () => (await fetch(`${base}/jeecg-boot/sys/randomImage/1`).catch(() => null))?.status ?? 0, { timeout: 100_000, intervals: [500] })
      .toBe(200);
  });

  test.afterAll(async () => {
    const running = server;
    if (running && running.exitCode === null) {
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGTERM');
      await exited;
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    await cas?.close();
    await idp?.close();
  });

  test('CAS round trip: the login page goes to the CAS server, its ticket signs in, logout ends the CAS session too', async ({ page }) => {
    await page.goto(`${base}/user/login`);
    await expect(page).toHaveTitle('统一身份认证');
    expect(new URL(page.url()).searchParams.get('service')).toBe(`${base}/user/login`);
    await page.getByLabel('CAS 用户名').fill(ADMIN.username);
    await page.getByRole('button', { name: 'CAS 登录' }).click();
    await expect(page.getByText(GREETING)).toBeVisible();

    await logout(page);
    await expect(page).toHaveTitle('统一身份认证');
    expect(cas.logouts).toEqual([`${base}/user/login`]);

    // a ticket that is not good (here: spent) shows the refusal, with a way back to the password form
    const spent = cas.issueTicket(ADMIN.username, `${base}/user/login`);
    await fetch(`${cas.url}/p3/serviceValidate?service=${encodeURIComponent(`${base}/user/login`)}&ticket=${spent}`);
    await page.goto(`${base}/user/login?ticket=${spent}`);
    await expect(page.getByText('单点登录失败')).toBeVisible();
    await expect(page.getByText('单点登录票据无效或已使用，请重新登录')).toBeVisible();
    await axeClean(page);
    await button(page, '使用账号密码登录').click();
    await expect(page.getByLabel('账号', { exact: true })).toBeVisible();
  });

  test('OIDC round trip with binding: a first sign-in binds the existing account with its password, the next one signs straight in', async ({ page }) => {
    await page.goto(`${base}/user/login?local=1`);
    await axeClean(page);
    await button(page, '使用演示身份登录').click();
    await page.locator('input[name="login"]').fill('e2e-alice');
    await page.locator('input[name="password"]').fill('any');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    const dialog = page.getByRole('dialog', { name: '绑定演示身份账号' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(`${base}/user/login`);
    await axeClean(page);
    await dialog.getByLabel('本系统账号').fill(ADMIN.username);
    await dialog.getByLabel('本系统密码').fill('Wrong-password-1');
    await button(dialog, '绑定并登录').click();
    await expect(page.getByText('用户名或密码错误')).toBeVisible();
    await dialog.getByLabel('本系统密码').fill(ADMIN.password);
    await button(dialog, '绑定并登录').click();
    await expect(page.getByText(GREETING)).toBeVisible();

    await logout(page);
    // the login page it lands on goes on to CAS (configured on this server) before anything else
    await expect(page).toHaveTitle('统一身份认证');
    await page.goto(`${base}/user/login?local=1`);
    await button(page, '使用演示身份登录').click();
    // the provider remembers its sign-in and the consent: straight back, bound, signed in
    await expect(page.getByText(GREETING)).toBeVisible();
    await expect(page.getByRole('dialog', { name: '绑定演示身份账号' })).toHaveCount(0);
  });

  test('账号绑定 asks before it binds: back from the provider, the signed-in user confirms 将演示身份账号（…）绑定到当前账号 admin？', async ({ page }) => {
    await signIn(page, `${base}/user/login?local=1`);
    await page.goto(`${base}/account/settings/binding`);
    // the previous test bound e2e-alice to admin: one binding per provider, so it goes first
    await page.getByRole('button', { name: '解绑演示身份' }).click();
    await button(page.getByRole('dialog', { name: '解除绑定' }), '解除绑定').click();
    await page.getByRole('button', { name: '绑定演示身份' }).click();

    await page.locator('input[name="login"]').fill('e2e-bob');
    await page.locator('input[name="password"]').fill('any');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();

    const dialog = page.getByRole('dialog', { name: '确认绑定' });
    await expect(dialog.getByText('将演示身份账号（e2e-bob（测试），e2e-bob）绑定到当前账号 admin？')).toBeVisible();
    await expect(page).toHaveURL(`${base}/account/settings/binding`);
    await expect(page.getByText('未绑定')).toBeVisible();
    await axeClean(page);
    await button(dialog, '确认绑定').click();
    await expect(page.getByText(/e2e-bob（测试） · 绑定于/)).toBeVisible();
    await expect(page.getByRole('button', { name: '解绑演示身份' })).toBeVisible();
  });
});
