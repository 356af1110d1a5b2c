/**
 * The editable table's speed budgets (group web): 2,000 rows × 12 columns first rendered, typed into
 * and validated in Chromium. The page is `packages/web/bench/` (a vite build of its own, no server
 * calls), served from a throwaway static server on 127.0.0.1.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { p50 } from './kit.ts';

type RecordFn = (what: string, value: string, budget?: string) => void;
type BenchWindow = {
  benchMount: () => Promise<{ committed: number; painted: number; drawnRows: number }>;
  benchValidate: () => Promise<{ ms: number; errors: number }>;
  benchKeyTimes: number[];
  benchKeyFrames: number[];
};

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
const LOADS = 5;
const KEYS = 'abcdefghijklmnopqrstuvwxyz0123';

function serve(dir: string, port: number): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const file = path.join(dir, path.normalize(decodeURIComponent((req.url ?? '/').split('?')[0])).replace(/^(\.\.[/\\])+/, ''));
    const target = file.endsWith(path.sep) || !path.extname(file) ? path.join(dir, 'index.html') : file;
    if (!target.startsWith(dir) || !fs.existsSync(target)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream' });
    fs.createReadStream(target).pipe(res);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

export async function editableTableBench(root: string, record: RecordFn) {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'sbwq-bench-table-'));
  execFileSync('npx', ['vite', 'build', '--config', 'bench/vite.config.ts', '--logLevel', 'error'], {
    cwd: path.join(root, 'packages/web'),
    env: { ...process.env, BENCH_OUT_DIR: out },
    stdio: 'ignore',
  });
  const server = await serve(out, 18184);
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const mounts: number[] = [];
    const painted: number[] = [];
    let drawnRows = 0;
    const validations: number[] = [];
    let keyTimes: number[] = [];
    let keyFrames: number[] = [];
    for (let load = 0; load < LOADS; load += 1) {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.goto('http://127.0.0.1:18184/index.html');
      await page.waitForFunction(() => 'benchMount' in window);
      const mounted = await page.evaluate(() => (window as unknown as BenchWindow).benchMount());
      mounts.push(mounted.committed);
      painted.push(mounted.painted);
      drawnRows = mounted.drawnRows;
      for (let run = 0; run < 3; run += 1) {
        const { ms, errors } = await page.evaluate(() => (window as unknown as BenchWindow).benchValidate());
        if (errors !== 0) throw new Error(`validate() found ${errors} errors in valid rows`);
        validations.push(ms);
      }
      if (load === 0) {
        await page.locator('[data-row-id="r5"] [data-key="name"]').click();
        await page.getByLabel('名称', { exact: true }).waitFor();
        await page.keyboard.type(KEYS);
        await page.waitForTimeout(100);
        ({ keyTimes, keyFrames } = await page.evaluate(() => ({
          keyTimes: (window as unknown as BenchWindow).benchKeyTimes,
          keyFrames: (window as unknown as BenchWindow).benchKeyFrames,
        })));
      }
      await page.close();
    }
    record(
      '可编辑表格首次渲染 2000 行×12 列（提交+布局 / 到下一帧）',
      `${p50(mounts).toFixed(0)} ms / ${p50(painted).toFixed(0)} ms（p50，${LOADS} 次；绘制 ${drawnRows} 行）`,
      '≤ 500 ms',
    );
    record(
      '可编辑表格单元格输入每键（提交+布局 / 到下一帧）',
      `${p50(keyTimes).toFixed(1)} ms / ${p50(keyFrames).toFixed(1)} ms（p50；最慢 ${Math.max(...keyTimes).toFixed(1)} ms，${keyTimes.length} 键）`,
      '≤ 50 ms',
    );
    record('可编辑表格 validate() 2000 行×12 列', `${p50(validations).toFixed(0)} ms（p50，最慢 ${Math.max(...validations).toFixed(0)} ms）`, '≤ 300 ms');
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(out, { recursive: true, force: true });
  }
}
