import { createHash } from 'node:crypto';
import { test as base, expect, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';

export { expect };

export const ADMIN = { username: 'admin', password: 'E2eAdmin#2026', realname: '系统管理员' } as const;

/** Where the web app keeps the token: JeecgBoot's vue-ls format, `pro__` + StorageKey.accessToken. */
export const TOKEN_KEY = 'pro__Access-Token';

export const GREETING = /^(早上好|上午好|中午好|下午好|晚上好)，系统管理员，欢迎你$/;

/**
 * antd's toasts (message) last 3 s, the spec §8 notifications (系统提示: every failure, HTTP or a refusal
 * of the server) 4 s. On a loaded machine the step before a check — a dialog closing after the request
 * it waited for — can outlast that, and a toast that was shown is gone before the check looks. Every page
 * therefore records the text of each toast and notification as it appears, and `sawToast` takes one
 * recorded text (so two saves in a row need two toasts).
 */
function recordToasts() {
  const seen = new WeakSet<Element>();
  const texts: string[] = [];
  Object.defineProperty(window, '__e2eToasts', { value: texts });
  new MutationObserver(() => {
    for (const notice of document.querySelectorAll('.ant-message-notice, .ant-notification-notice')) {
      const text = (notice.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (seen.has(notice) || !text) continue;
      seen.add(notice);
      texts.push(text);
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/** A browser context of its own (a second user beside the test's page), recording toasts as `page` does. */
export async function newContext(browser: Browser, options: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.addInitScript(recordToasts);
  return context;
}

/** Waits until a toast or §8 notification with this text (a substring, or a pattern) has been shown, and takes it. */
export async function sawToast(page: Page, text: string | RegExp, timeout = 20_000) {
  const pattern = typeof text === 'string' ? { source: null, text } : { source: text.source, flags: text.flags, text: '' };
  await expect
    .poll(
      () =>
        page.evaluate((p) => {
          const texts = (window as unknown as { __e2eToasts?: string[] }).__e2eToasts ?? [];
          const at = texts.findIndex((t) => (p.source === null ? t.includes(p.text) : new RegExp(p.source, p.flags).test(t)));
          if (at >= 0) texts.splice(at, 1);
          return at >= 0;
        }, pattern),
      { message: `a toast saying ${String(text)}`, timeout },
    )
    .toBe(true);
}

/** The texts of the §8 notifications (系统提示) shown on this page load so far, as the page recorded them. */
export const notificationsSeen = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __e2eToasts?: string[] }).__e2eToasts ?? []).filter((text) => text.includes('系统提示')));

/**
 * Every test signs in from its own client address (the e2e server trusts X-Forwarded-For), so the
 * server's per-address counters — captcha after 3 failures, rate limits — stay within one test.
 * Every page records its toasts (see `recordToasts`).
 */
export const test = base.extend({
  context: async ({ context }, use) => {
    await context.addInitScript(recordToasts);
    await use(context);
  },
  // oxlint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; this one has none
  extraHTTPHeaders: async ({}, use, testInfo) => {
    const bytes = createHash('sha256').update(`${testInfo.testId}:${testInfo.retry}`).digest();
    await use({ 'X-Forwarded-For': `10.${bytes[0]}.${bytes[1]}.${(bytes[2] % 250) + 1}` });
  },
  // Script errors, React errors and CSP refusals fail the test. Failed requests do not: several
  // tests provoke them on purpose, and the app reports them to the user itself.
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        problems.push(`console: ${message.text()}`);
      }
    });
    await use(page);
    expect(problems, 'errors in the browser console').toEqual([]);
  },
});

export function field(page: Page, label: '账号' | '密码' | '验证码') {
  return page.getByLabel(label, { exact: true });
}

/**
 * antd puts a space between two CJK characters in a button ("登 录"), and an icon's label may
 * precede the text (a collapsed loading icon stays in the accessible name as "loading").
 */
export function button(scope: Page | Locator, text: string) {
  return scope.getByRole('button', { name: new RegExp(`(^|\\s)${[...text].join('\\s*')}$`) });
}

export async function submitLogin(page: Page, username: string, password: string) {
  await field(page, '账号').fill(username);
  await field(page, '密码').fill(password);
  await button(page, '登录').click();
}

export async function signIn(page: Page, path = '/user/login') {
  await page.goto(path);
  await submitLogin(page, ADMIN.username, ADMIN.password);
  await expect(page.getByText(GREETING)).toBeVisible();
}

export function storedToken(page: Page) {
  return page.evaluate((key) => {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as { value: string; expire: number | null }) : null;
  }, TOKEN_KEY);
}

/**
 * The page does not scroll sideways at `width`. Polled: after a viewport change antd's responsive
 * observers re-lay the page on their own tick, so one read taken at once can still see the wider layout.
 */
export async function expectFitsWidth(page: Page, width = 375) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `the page is at most ${width} px wide`, timeout: 5_000 })
    .toBeLessThanOrEqual(width);
}
