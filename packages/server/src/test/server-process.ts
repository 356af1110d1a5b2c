import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { repoRoot } from '../platform/paths.ts';

/*
 * Real server processes for the tests that need more than one or must kill one (`main.ts`, as
 * `npm start` runs it), each on a scratch PostgreSQL database of its own (scratch-database.ts).
 */

export const API = '/jeecg-boot';

export type ServerProcess = { url: string; ws: string; child: ChildProcess; output: () => string };
/** A reply envelope; each test reads the `result` it asked for. */
export type Answer = { success: boolean; message: string; code: number; result: any };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts `packages/server/src/main.ts` with `env` on a free port and waits until it answers HTTP. */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: repoRoot,
    // the scheduler (定时任务) only where a test asks for it: JOBS_ENABLED '1' in `env`
    env: { ...process.env, JOBS_ENABLED: '0', ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}${API}`;
  const deadline = Date.now() + 110_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      // any HTTP answer (here 401: no token) means it listens; this route is not rate-limited
      await fetch(`${url}/sys/annountCement/listByUser`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`server did not start within 110 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return { url, ws: url.replace(/^http/, 'ws'), child, output: () => output };
}

/** SIGTERM, and SIGKILL if it has not exited 10 s later. */
export function stopServer(server: ServerProcess | undefined): Promise<void> {
  // a process killed by a signal has no exit code, only its signal
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
    server.child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    server.child.kill('SIGTERM');
  });
}

export async function call(server: ServerProcess, token: string | null, method: string, route: string, body?: object): Promise<Answer> {
  const response = await fetch(`${server.url}${route}`, {
    method,
    headers: { ...(token ? { 'X-Access-Token': token } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return (await response.json()) as Answer;
}
