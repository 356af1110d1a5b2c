import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process.ts';

/*
 * A PostgreSQL cluster of a test's own (initdb into a temp folder, trust auth, a free port on
 * 127.0.0.1), for the tests that stop, restart or freeze the database. The machine's shared server on
 * 5432 is never touched: every command here names this cluster's data folder or its own process ids.
 */

export type PrivatePostgres = {
  port: number;
  /** URL of database `name` on this cluster (user postgres, no password). */
  url: (name?: string) => string;
  /** pg_ctl stop (fast: sessions are ended, as in a service restart). */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** SIGSTOP to the postmaster and every backend: the server hangs without refusing anything. */
  pause: () => void;
  /** SIGCONT to the processes `pause` stopped. */
  resume: () => void;
  /** Stops the cluster (whatever its state) and deletes its folder; safe to call twice. */
  cleanup: () => Promise<void>;
};

/** The newest PostgreSQL server binaries on the machine (PG_BIN overrides). */
function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb'))) : [];
  if (versions.length === 0) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql (set PG_BIN)');
  return path.join(root, versions.sort((a, b) => Number(b) - Number(a))[0], 'bin');
}

/** Whether this machine can run a private cluster (the fault tests skip without one). */
export function privatePostgresAvailable(): boolean {
  try {
    binDir();
    return true;
  } catch {
    return false;
  }
}

// initdb and postgres refuse to run as root: as root every command runs as the `postgres` user.
const asRoot = process.getuid?.() === 0;

function run(bin: string, args: string[]): Promise<string> {
  const [command, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`${path.basename(bin)} ${args.join(' ')} exited with ${code}:\n${output}`))));
  });
}

/** The postmaster's children (backends and auxiliary processes), read from /proc. */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // stat is "pid (comm) state ppid ..."; comm may hold spaces, so fields are read after the last ')'
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // the process ended while the list was read
    }
  }
  return children;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbwq-pg-'));
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'server.log');
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    fs.chownSync(dir, uid, gid);
  }
  const port = await freePort();
  let stopped: number[] = [];
  let running = false;
  let removed = false;

  const postmasterPid = (): number | null => {
    try {
      return Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]) || null;
    } catch {
      return null;
    }
  };
  const signal = (pids: number[], sig: NodeJS.Signals) => {
    for (const pid of pids) {
      try {
        process.kill(pid, sig);
      } catch {
        // already gone
      }
    }
  };
  const resume = () => {
    signal(stopped, 'SIGCONT');
    stopped = [];
  };
  const start = async () => {
    // fsync off: the cluster is thrown away, and a crash of the machine is not what these tests test
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=60`;
    await run(path.join(bin, 'pg_ctl'), ['start', '-w', '-t', '60', '-D', data, '-l', log, '-o', options]);
    running = true;
  };
  const stop = async () => {
    resume();
    await run(path.join(bin, 'pg_ctl'), ['stop', '-w', '-t', '60', '-m', 'fast', '-D', data]);
    running = false;
  };
  // Whatever happens to the test (a failed assertion, a crashed worker), the cluster does not outlive it.
  const onExit = () => {
    resume();
    const pid = postmasterPid();
    if (running && pid) signal([pid], 'SIGQUIT');
    if (!removed) fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);

  try {
    await run(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
    await start();
  } catch (error) {
    onExit();
    process.removeListener('exit', onExit);
    throw error;
  }

  return {
    port,
    url: (name = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${name}`,
    stop,
    start,
    pause: () => {
      const pid = postmasterPid();
      if (!pid) throw new Error('private PostgreSQL is not running');
      // the postmaster first, so it starts no new backend between the list and the signals
      signal([pid], 'SIGSTOP');
      const children = childrenOf(pid);
      signal(children, 'SIGSTOP');
      stopped = [pid, ...children];
    },
    resume,
    cleanup: async () => {
      if (removed) return;
      resume();
      if (running) await run(path.join(bin, 'pg_ctl'), ['stop', '-w', '-t', '30', '-m', 'immediate', '-D', data]).catch(() => undefined);
      running = false;
      fs.rmSync(dir, { recursive: true, force: true });
      removed = true;
      process.removeListener('exit', onExit);
    },
  };
}
