import os from 'node:os';
import { defineConfig } from 'vitest/config';

const serverProject = (name: string, env: Record<string, string>) => ({
  test: {
    name,
    include: ['packages/server/src/**/*.test.ts'],
    environment: 'node',
    env,
    globalSetup: ['packages/server/src/test/global-setup.ts'],
    // A file's modules stay loaded for the next file in the same worker (a fresh process per file cost
    // more than its tests): every file builds its own app on its own database, and what modules keep
    // between calls is constant or kept per database.
    isolate: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});

/**
 * React 19.2+ (development build) reads `window.event` at the start of every scheduler task, and a
 * task queued by a file's last render can run after Vitest has removed that file's DOM environment
 * (react/react#37100, unfixed in 19.3.1). Every test has passed by then; the test setup drains what
 * it can, and this drops exactly that error — a ReferenceError for `window` thrown from the scheduler's
 * task loop in react-dom — and nothing else.
 */
function isReactSchedulerAfterTeardown(error: Error & { stacks?: { file: string; method: string }[]; stackStr?: string }): boolean {
  if (error.message !== 'window is not defined') return false;
  const frames = [...(error.stacks ?? []).map((f) => `${f.method} ${f.file}`), error.stack ?? '', error.stackStr ?? ''].join('\n');
  return frames.includes('react-dom-client.development.js') && frames.includes('performWorkUntilDeadline');
}

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on CI's two cores, one worker ran every file in
    // turn while the other core idled (the server tests also wait on PostgreSQL and on child processes).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    onUnhandledError: (error) => (isReactSchedulerAfterTeardown(error) ? false : undefined),
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], environment: 'node' } },
      serverProject('server-pglite', { TEST_DB: 'pglite' }),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', { TEST_DB: 'postgres' })] : []),
      'packages/web/vite.config.ts',
    ],
  },
});
