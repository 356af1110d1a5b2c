import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { record } from './kit.ts';
import { root, startServer, stop } from './bench.server.ts';

/** What a browser downloads to show /user/login: every JS and CSS response, gzip-compressed here. */
export async function loginPageWeight() {
  const dist = path.join(root, 'packages/web/dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) execFileSync('npm', ['run', 'build', '-w', 'packages/web'], { cwd: root, stdio: 'ignore' });
  const { chromium } = await import('playwright-core');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbwq-bench-web-'));
  const server = startServer({ PORT: '18183', DATA_DIR: dataDir, SEED_DEMO: '0' });
  await server.ready;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  let total = 0;
  let files = 0;
  try {
    const page = await browser.newPage();
    const bodies: Promise<void>[] = [];
    page.on('response', (res) => {
      const type = res.headers()['content-type'] ?? '';
      if (/javascript|css/.test(type)) {
        bodies.push(
          res.body().then((b) => {
            total += zlib.gzipSync(b, { level: 9 }).length;
            files += 1;
          }),
        );
      }
    });
    await page.goto('http://127.0.0.1:18183/user/login', { waitUntil: 'networkidle' });
    // The form comes in lazily loaded chunks, which a loaded machine may fetch after the first quiet
    // moment: everything counts until the form is there and the network is quiet again.
    await page.getByRole('button', { name: /登\s*录/ }).waitFor();
    await page.waitForLoadState('networkidle');
    await Promise.all(bodies);
  } finally {
    await browser.close();
    await stop(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  record('登录页加载的 JS+CSS（gzip）', `${(total / 1024).toFixed(1)} KB（${files} 个文件）`, '≤ 150 KB');
}
