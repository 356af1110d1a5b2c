import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.E2E_PORT ?? 18080);
const baseURL = `http://127.0.0.1:${port}`;

// Set once in the runner process, inherited by the workers: every run starts on an empty database.
// The runner also clears data folders left by runs more than a day old.
if (!process.env.E2E_DATA_DIR) {
  const tmp = path.join(root, '.tmp');
  const dayAgo = Date.now() - 86_400_000;
  for (const name of fs.existsSync(tmp) ? fs.readdirSync(tmp) : []) {
    const stamp = Number(/^e2e-data-(\d+)$/.exec(name)?.[1]);
    if (stamp && stamp < dayAgo) fs.rmSync(path.join(tmp, name), { recursive: true, force: true });
  }
  process.env.E2E_DATA_DIR = path.join(tmp, `e2e-data-${Date.now()}`);
}

const ADMIN_PASSWORD = 'E2eAdmin#2026'; // what e2e/support/app.ts signs in with

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  workers: 2,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // The trace keeps DOM snapshots of every step but no screencast: filming every test cost the two
    // cores of a CI machine more CPU than the tests themselves. A failure still leaves a screenshot.
    // `.ci/run` sets E2E_TRACE=off: CI keeps only its log, and the snapshots of every step of every
    // passing test were CPU taken from the tests running beside them.
    trace: process.env.E2E_TRACE === 'off' ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    // The app honours the system's reduced-motion setting (antd animates nothing), which spares the
    // tests waiting on every dialog, drawer and dropdown to finish moving.
    reducedMotion: 'reduce',
    launchOptions: {
      // Chromium without the browser's own UI (installed by .ci/machine.sh); it has no PDF viewer.
      executablePath: '/usr/lib/chromium/chromium-headless-shell',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    // The bundle `npm run build` makes (what `npm start` serves): it starts in a fraction of the time
    // tsx takes to transpile the sources, and CI thereby starts the artefact it ships.
    command: 'node --enable-source-maps packages/server/dist/main.mjs',
    cwd: root,
    url: `${baseURL}/jeecg-boot/sys/randomImage/1`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      ADMIN_PASSWORD,
      SEED_DEMO: '0',
      NODE_ENV: 'production',
      // Each test signs in from its own X-Forwarded-For address, so one test's failed logins
      // (captcha after 3 per address) cannot leak into another's.
      TRUST_PROXY: '1',
      // 路由网关: one allowed upstream on a port nothing listens on (system-gateway.spec.ts expects its 502).
      GATEWAY_UPSTREAMS: 'cnipa-mock=http://127.0.0.1:9',
      // 消息中心's e-mail channel: message.spec.ts listens on this port with a real SMTP server (issue 38).
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port + 7),
      SMTP_FROM: 'noreply@sbwq.test',
    },
  },
});
