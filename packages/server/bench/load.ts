import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { RoleId } from '../src/seed/buttons.ts';
import { DepartId } from '../src/modules/core/ids/departs.ts';
import { createDatabase } from '../src/test/scratch-database.ts';
import { PASSWORD, serveCommand } from './kit.ts';
import { workloads, type Role, type Call } from './load.workload.ts';
import { commits, databaseBackends, databaseCpuSince, cpuSeconds, memoryMb } from './load.cpu.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const API = '/jeecg-boot';
const USERS_PER_ROLE = 25;
const WRITE_SHARE = 0.1;

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [k, v] = a.replace(/^--/, '').split('=');
    return [k!, v ?? 'true'] as const;
  }),
);
const levels = (args.get('connections') ?? '50,200').split(',').map(Number);
const duration = Number(args.get('duration') ?? 25);
const warmup = Number(args.get('warmup') ?? 5);
/** WORKERS of each measured server, in turn (`--workers=1,2`): each on a fresh scratch database */
const workerCounts = (args.get('workers') ?? '1').split(',').map(Number);
let workers = 1;

/** Where each role's users sit: the association's departments, the demo organisations for the others. */
const departOf: Record<Role, string> = {
  admin: DepartId.itCentre,
  reviewer: DepartId.rightsDept,
  finance: DepartId.financeDept,
  agency: 'd00000000000000000000000a02a01',
  holder: 'd00000000000000000000000a03a01',
};

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function startServer(env: Record<string, string>, logFile: string, nodeArgs: string[]): ChildProcess {
  const out = fs.openSync(logFile, 'a');
  const { REDIS_URL: _redis, ...rest } = process.env;
  // As `npm run serve` starts it; the request log goes to a file as it would to a service's journal.
  // --server=<main.mjs> measures another build (an older commit's, to compare under the same machine load).
  const main = args.has('server') ? path.resolve(args.get('server')!) : path.join(root, 'packages/server/dist/main.mjs');
  const serve = serveCommand();
  return spawn(process.execPath, [...nodeArgs, ...serve.args.slice(0, -1), main], {
    cwd: root,
    env: { ...rest, ...serve.env, NODE_ENV: 'production', HOST: '127.0.0.1', ADMIN_PASSWORD: PASSWORD, SEED_DEMO: '1', TRUST_PROXY: '1', ...env },
    stdio: ['ignore', out, out],
  });
}

async function waitReady(child: ChildProcess, base: string, logFile: string) {
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error('server exited during start');
    try {
      // with workers, every one of them listens before the measurement starts
      if ((await fetch(`${base}/app-config.js`)).ok && (workers === 1 || fs.readFileSync(logFile, 'utf8').includes('个工作进程'))) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start within 120 s');
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

type Session = { role: Role; username: string; token: string; ip: string };

/** One signed-in client's call; `ip` is the client's address as the proxy in front would pass it on. */
async function call(base: string, who: { token?: string; ip: string }, method: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${API}${url}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': who.ip, ...(who.token ? { 'x-access-token': who.token } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json()) as { success: boolean; message: string; result: unknown };
  if (!res.ok || !json.success) throw new Error(`${method} ${url}: HTTP ${res.status} ${json.message}`);
  return json.result;
}

async function signIn(base: string, username: string, ip: string): Promise<string> {
  const result = (await call(base, { ip }, 'POST', '/sys/login', { username, password: PASSWORD })) as { token: string };
  return result.token;
}

/**
 * 25 users of every role, created by the administrator through the user screen's API and signed in once
 * each. Every client signs in from its own address (X-Forwarded-For behind TRUST_PROXY), so the login
 * limit of 30 a minute per address is never reached, as with 125 people at their own desks.
 */
async function signInEveryone(base: string): Promise<Session[]> {
  const admin = { ip: '10.90.0.1', token: await signIn(base, 'admin', '10.90.0.1') };
  const sessions: Session[] = [];
  const roles = Object.keys(departOf) as Role[];
  for (const [r, role] of roles.entries()) {
    for (let i = 0; i < USERS_PER_ROLE; i++) {
      const username = `load.${role}.${i}`;
      await call(base, admin, 'POST', '/sys/user/add', {
        username,
        realname: `压测${role}${i}`,
        password: PASSWORD,
        confirmpassword: PASSWORD,
        selectedroles: RoleId[role],
        selecteddeparts: departOf[role],
      });
      const ip = `10.91.${r}.${i + 1}`;
      sessions.push({ role, username, token: await signIn(base, username, ip), ip });
    }
  }
  return sessions;
}

type Level = {
  workers: number;
  connections: number;
  rps: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  requests: number;
  writes: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  refused: number;
  load: string;
  xactPerRequest: number;
  serverCpu: number;
  /** cores used by the PostgreSQL backends serving the server's connections */
  dbCpu: number;
};

async function run(base: string, sessions: Session[], calls: Record<Role, { reads: Call[]; writes: Call[] }>, connections: number, seconds: number) {
  let next = 0;
  let writes = 0;
  let refused = 0;
  const refusals = new Map<string, number>();
  const pick = (list: Call[]) => list[Math.floor(Math.random() * list.length)]!;
  const options = {
    url: base,
    connections,
    duration: seconds,
    timeout: 9,
    requests: [
      {
        setupRequest: (req: autocannon.Request, context: Record<string, unknown>) => {
          // Each connection is one user's browser; users are spread over the connections in turn.
          const who = (context.who ??= sessions[next++ % sessions.length]) as Session;
          const own = calls[who.role];
          const write = own.writes.length > 0 && Math.random() < WRITE_SHARE / writeRoleShare(calls);
          const c = write ? pick(own.writes) : pick(own.reads);
          if (write) writes++;
          context.call = c.name;
          const body = c.body?.();
          return {
            ...req,
            method: c.method,
            path: encodeURI(`${API}${c.path()}`),
            headers: { 'x-access-token': who.token, 'x-forwarded-for': who.ip, ...(body ? { 'content-type': 'application/json' } : {}) },
            ...(body ? { body: JSON.stringify(body) } : {}),
          };
        },
        onResponse: (status: number, body: string, context: Record<string, unknown>) => {
          if (status >= 300) {
            const key = `${String(context.call)}: HTTP ${status}`;
            refusals.set(key, (refusals.get(key) ?? 0) + 1);
          }
          // A refusal in the envelope (HTTP 200, success false) is an error of the workload too.
          if (status === 200 && !body.startsWith('{"success":true') && body.includes('"success":false')) {
            refused++;
            const key = `${String(context.call)}: ${/"message":"([^"]*)"/.exec(body)?.[1] ?? ''}`;
            refusals.set(key, (refusals.get(key) ?? 0) + 1);
          }
        },
      },
    ],
  } as autocannon.Options;
  const failures = new Map<string, number>();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on('reqError', (error: Error) => failures.set(error.message, (failures.get(error.message) ?? 0) + 1));
  });
  for (const [what, n] of failures) process.stdout.write(`    连接错误 ${n} 次  ${what}\n`);
  return { result, writes, refused, refusals };
}

/** The share of sessions whose role has writes: those roles write more often, so that 10 % of all calls write. */
function writeRoleShare(calls: Record<Role, { writes: Call[] }>) {
  const roles = Object.values(calls);
  return roles.filter((c) => c.writes.length > 0).length / roles.length;
}

async function measure(
  base: string,
  pid: number,
  dbUrl: string,
  sessions: Session[],
  calls: Record<Role, { reads: Call[]; writes: Call[] }>,
  connections: number,
): Promise<Level> {
  if (warmup > 0) await run(base, sessions, calls, connections, warmup);
  const x0 = await commits(dbUrl);
  const backends = await databaseBackends(dbUrl);
  const cpu0 = cpuSeconds(pid);
  const { result, writes, refused, refusals } = await run(base, sessions, calls, connections, duration);
  const cpu1 = cpuSeconds(pid);
  const dbSeconds = await databaseCpuSince(dbUrl, backends);
  const x1 = await commits(dbUrl);
  const [l1, l5] = os.loadavg();
  for (const [what, n] of [...refusals].sort((a, b) => b[1] - a[1]).slice(0, 10)) process.stdout.write(`    拒绝 ${n} 次  ${what}\n`);
  const level: Level = {
    workers,
    connections,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    writes,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    refused,
    load: `${l1!.toFixed(2)} / ${l5!.toFixed(2)}`,
    xactPerRequest: (x1 - x0) / Math.max(1, result.requests.total),
    serverCpu: (cpu1 - cpu0) / duration,
    dbCpu: dbSeconds / duration,
  };
  process.stdout.write(
    `  ${connections} 并发：${level.rps} req/s，p50 ${level.p50} ms，p90 ${level.p90} ms，p99 ${level.p99} ms，最慢 ${level.max} ms；` +
      `${level.requests} 个请求（写 ${writes}），错误 ${level.errors}，超时 ${level.timeouts}，非 2xx ${level.non2xx}，业务拒绝 ${refused}；` +
      `数据库事务/请求 ${level.xactPerRequest.toFixed(2)}，服务进程 CPU ${(level.serverCpu * 100).toFixed(0)} %，数据库 CPU ${(level.dbCpu * 100).toFixed(0)} %，` +
      `每请求 CPU：服务 ${perRequestMs(level.serverCpu, level)} ms、数据库 ${perRequestMs(level.dbCpu, level)} ms；负载 ${level.load}\n`,
  );
  return level;
}

/** Milliseconds of CPU per request, from cores used over the measured seconds. */
function perRequestMs(cores: number, level: Level): string {
  return ((cores * duration * 1000) / Math.max(1, level.requests)).toFixed(2);
}

function table(results: Level[], when: string) {
  const lines = [
    `| 进程 | 并发连接 | 吞吐 | p50 | p90 | p99 | 最慢 | 请求数（其中写） | 错误 / 超时 / 非 2xx / 业务拒绝 | 服务进程 CPU | 数据库 CPU | 每请求 CPU（服务 / 数据库） | 数据库事务 / 请求 | 负载（1 / 5 分钟） |`,
    `|---|---|---|---|---|---|---|---|---|---|---|---|---|---|`,
    ...results.map(
      (r) =>
        `| ${r.workers} | ${r.connections} | ${r.rps} req/s | ${r.p50} ms | ${r.p90} ms | ${r.p99} ms | ${r.max} ms | ${r.requests}（${r.writes}） | ${r.errors} / ${r.timeouts} / ${r.non2xx} / ${r.refused} | ${(r.serverCpu * 100).toFixed(0)} % | ${(r.dbCpu * 100).toFixed(0)} % | ${perRequestMs(r.serverCpu, r)} / ${perRequestMs(r.dbCpu, r)} ms | ${r.xactPerRequest.toFixed(2)} | ${r.load} |`,
    ),
  ];
  return `${when}\n\n${lines.join('\n')}\n`;
}

const START = '<!-- bench:load -->';
const END = '<!-- /bench:load -->';

function writeReadme(text: string) {
  const file = path.join(root, 'README.md');
  const readme = fs.readFileSync(file, 'utf8');
  const at = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (at < 0 || end < at) throw new Error(`README.md has no ${START} … ${END} section`);
  fs.writeFileSync(file, `${readme.slice(0, at + START.length)}\n${text}${readme.slice(end)}`);
}

/** Several processes share caches and sockets through Redis: the machine's, under a prefix of this run only. */
function workerEnv(): Record<string, string> {
  if (workers === 1) return { WORKERS: '1' };
  return {
    WORKERS: String(workers),
    REDIS_URL: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
    REDIS_PREFIX: `sbwq-load-${process.pid}-${Date.now()}`,
  };
}

async function main() {
  if (args.get('build') !== 'false' && !args.has('no-build')) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'ignore' });
  const results: Level[] = [];
  for (const n of workerCounts) {
    workers = n;
    results.push(...(await measureServer()));
  }
  const when = `${new Date().toISOString().slice(0, 10)}，${os.cpus().length} 核，Node ${process.version.slice(1)}，PostgreSQL（同机），每级预热 ${warmup} s 后测 ${duration} s：`;
  const text = table(results, when);
  process.stdout.write(`\n${text}`);
  if (args.has('write-readme')) writeReadme(text);
  process.exit(0);
}

async function measureServer(): Promise<Level[]> {
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = await createDatabase(base, `sbwq_load_${Date.now()}`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sbwq-load-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const profile = args.get('cpu-prof');
  const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profile)}`] : [];
  const queryCounts = args.has('count-queries') ? path.join(work, 'queries.json') : null;
  if (queryCounts) nodeArgs.push('--import', path.join(import.meta.dirname, 'query-count.mjs'));
  const logFile = path.join(work, 'server.log');
  const child = startServer(
    {
      PORT: String(port),
      DATABASE_URL: scratch.url,
      DATA_DIR: work,
      ...(queryCounts ? { QUERY_COUNT_FILE: queryCounts } : {}),
      ...(args.has('pool') ? { PG_POOL_MAX: args.get('pool')! } : {}),
      ...workerEnv(),
    },
    logFile,
    nodeArgs,
  );
  try {
    await waitReady(child, url, logFile);
    process.stdout.write(
      `商标维权服务系统 负载测量  WORKERS=${workers}  ${new Date().toISOString()}  ${os.cpus().length} 核  Node ${process.version}  负载 ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n`,
    );
    const sessions = await signInEveryone(url);
    const calls = await workloads((role) => {
      const s = sessions.find((x) => x.role === role)!;
      return (method, u, body) => call(url, s, method, u, body);
    });
    const idle = memoryMb(child.pid!, 'VmRSS');
    const results: Level[] = [];
    for (const connections of levels) results.push(await measure(url, child.pid!, scratch.url, sessions, calls, connections));
    // issue 35: what the load leaves behind — the peak, and what is still held a minute after it (budget: back within 50 MB of idle)
    const peak = memoryMb(child.pid!, 'VmHWM');
    const settleSeconds = Number(args.get('settle') ?? 60);
    await new Promise((resolve) => setTimeout(resolve, settleSeconds * 1000));
    process.stdout.write(`  内存 RSS：负载前（已登录各角色）${idle} MB，峰值 ${peak} MB，负载结束 ${settleSeconds} s 后 ${memoryMb(child.pid!, 'VmRSS')} MB\n`);
    return results;
  } finally {
    await stop(child);
    if (queryCounts && fs.existsSync(queryCounts)) {
      // Every statement since start, set-up included: the shares show which ones each request repeats.
      const counted = JSON.parse(fs.readFileSync(queryCounts, 'utf8')) as [string, number][];
      const total = counted.reduce((sum, [, n]) => sum + n, 0);
      process.stdout.write(`\n语句总数 ${total}（含准备阶段），最多的 25 种：\n`);
      for (const [text, n] of counted.slice(0, 25))
        process.stdout.write(`  ${String(n).padStart(7)}  ${((n / total) * 100).toFixed(1).padStart(5)} %  ${text.slice(0, 220)}\n`);
    }
    if (args.has('keep-log')) process.stdout.write(`服务日志：${path.join(work, 'server.log')}\n`);
    else fs.rmSync(work, { recursive: true, force: true });
    await scratch.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:load failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
