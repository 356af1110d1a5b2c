import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { freePort } from './server-process.ts';

/*
 * A Redis server of the test's own (the `redis-server` binary), on a free port, that the test may stop
 * and start again on the same port to play an outage. The machine's shared Redis is never touched.
 */

export type PrivateRedis = {
  url: string;
  port: number;
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** SIGSTOP / SIGCONT: a Redis that hangs instead of refusing */
  pause: () => void;
  resume: () => void;
};

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.write('PING\r\n');
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    // No persistence: every start is an empty Redis, as after a restart that lost its memory.
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const deadline = Date.now() + 10_000;
    while (!(await answers(port))) {
      if (Date.now() > deadline) throw new Error(`redis-server did not start on port ${port}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return resolve();
      running.once('exit', () => resolve());
      // SIGKILL: an outage, not a shutdown; and no waiting for a save.
      running.kill('SIGKILL');
    });
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    stop,
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
  };
}
