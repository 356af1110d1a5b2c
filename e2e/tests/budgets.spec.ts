import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { expect, test, type Response } from '@playwright/test';
import { readmeBudget } from '../support/budgets.ts';

/**
 * The byte budgets of the README's table (issue 35: the login page had grown from 247 to 322.6 KB gzip
 * in 56 files and nothing failed). They do not depend on the machine's speed, so they are checked here,
 * against the build `npm run test:e2e` has just made; the timing figures stay in `npm run bench`.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dist = path.join(root, 'packages/web/dist');
const gzip = (bytes: Buffer) => zlib.gzipSync(bytes, { level: 9 }).length;
const kb = (bytes: number) => Number((bytes / 1024).toFixed(1));

test.describe('byte budgets (README 性能预算与测量)', () => {
  test('the login page loads its JS and CSS within the budget of bytes and of files', async ({ page }) => {
    const files = new Map<string, Promise<number>>();
    page.on('response', (res) => {
      if (/javascript|css/.test(res.headers()['content-type'] ?? '')) files.set(res.url(), res.body().then(gzip));
    });
    await page.goto('/user/login');
    // the form comes in lazily loaded chunks: everything counts until it is there and the network is quiet
    await expect(page.getByRole('button', { name: /登\s*录/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const sizes = await Promise.all(files.values());
    const total = kb(sizes.reduce((a, b) => a + b, 0));
    const list = [...files.keys()].map((url, i) => `${kb(sizes[i]!)} KB ${new URL(url).pathname}`).sort();
    test.info().annotations.push({ type: 'login page', description: `${total} KB gzip in ${files.size} files` });

    expect(total, `登录页 JS+CSS ${total} KB gzip:\n${list.join('\n')}`).toBeLessThanOrEqual(readmeBudget('登录页加载的 JS+CSS'));
    expect(files.size, `登录页加载 ${files.size} 个 JS/CSS 文件:\n${list.join('\n')}`).toBeLessThanOrEqual(readmeBudget('登录页加载的文件数'));
  });

  test('注册 and 找回密码 load no schema library: the words and patterns they check with are zod-free contracts files', async ({ page }) => {
    // zod is about 25 KB gzip; it came with contracts files that mix constants and schemas (register.ts, auth.ts)
    for (const address of ['/user/register', '/user/alteration']) {
      const bodies: Promise<string>[] = [];
      const onResponse = (res: Response) => {
        if (/javascript/.test(res.headers()['content-type'] ?? ''))
          bodies.push(res.text().then((text) => (text.includes('ZodError') ? new URL(res.url()).pathname : '')));
      };
      page.on('response', onResponse);
      await page.goto(address);
      await expect(page.getByRole('button', { name: /注\s*册|下一步/ }).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      page.off('response', onResponse);
      expect((await Promise.all(bodies)).filter(Boolean), `${address} loads zod`).toEqual([]);
    }
  });

  test('no chunk of the build is over the budget of the largest file', () => {
    const assets = path.join(dist, 'assets');
    const sizes = fs
      .readdirSync(assets)
      .filter((name) => name.endsWith('.js'))
      .map((name) => ({ name, gzip: kb(gzip(fs.readFileSync(path.join(assets, name)))) }))
      .sort((a, b) => b.gzip - a.gzip);
    const largest = sizes[0]!;
    expect(largest.gzip, `最大的 JS 文件 ${largest.name}: ${largest.gzip} KB gzip`).toBeLessThanOrEqual(readmeBudget('最大的 JS 文件'));
  });

  test('the server bundle leaves every lazily loaded package out of its start-up imports (memory budget)', () => {
    // lazyModule() packages cost megabytes of heap from their import on; esbuild hoists a static import of one
    // (as it did @aws-sdk/client-s3 and mysql2) to the top of main.mjs, where it loads at start, and nothing else fails.
    const sources = fs.readdirSync(path.join(root, 'packages/server/src'), { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'));
    const lazy = new Set<string>();
    // a call the formatter broke over lines counts too: the pattern spans line ends
    for (const name of sources) {
      for (const match of fs.readFileSync(path.join(root, 'packages/server/src', name), 'utf8').matchAll(/lazyModule<[^>]*?>\(\s*'([^']+)'/g)) {
        const specifier = match[1]!;
        lazy.add(specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!);
      }
    }
    expect([...lazy]).toEqual(expect.arrayContaining(['@aws-sdk/client-s3', 'mysql2', 'ioredis', 'nodemailer']));
    const bundle = fs.readFileSync(path.join(root, 'packages/server/dist/main.mjs'), 'utf8');
    const imported = [...bundle.matchAll(/^import\s(?:[^;]*?\sfrom\s)?["']([^"']+)["']/gm)].map((match) => match[1]!);
    expect(imported.length, 'start-up imports found in main.mjs').toBeGreaterThan(10);
    expect(imported.filter((specifier) => [...lazy].some((name) => specifier === name || specifier.startsWith(`${name}/`)))).toEqual([]);
  });
});
