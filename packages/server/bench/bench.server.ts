/** Starting and stopping the server under measurement, as `npm run serve` starts it. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { PASSWORD, serveCommand } from './kit.ts';

export const root = path.resolve(import.meta.dirname, '../../..');

export function startServer(env: Record<string, string>): { child: ChildProcess; ready: Promise<number> } {
  const t0 = performance.now();
  const serve = serveCommand();
  const child = spawn(process.execPath, serve.args, {
    cwd: root,
    env: { ...process.env, ...serve.env, LOG_LEVEL: 'warn', ADMIN_PASSWORD: PASSWORD, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const ready = (async () => {
    for (;;) {
      if (child.exitCode !== null) throw new Error('server exited during start');
      try {
        const res = await fetch(`http://127.0.0.1:${env.PORT}/app-config.js`);
        if (res.ok) return performance.now() - t0;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  return { child, ready };
}

export async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
