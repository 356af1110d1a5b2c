import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { databaseMonitorSchema, monitorFlow, onlineSchema, redisMonitorSchema, serverMonitorSchema, TRACE_LIMIT, tracesSchema } from '@sbwq/contracts';
import { ADMIN_PASSWORD, createTestApp, dbKind, json, RoleId } from '../../../test/harness.ts';
import { buildApp } from '../../../app.ts';
import { sysMonitorProcess } from '../../../platform/metrics/heartbeat.table.ts';

const PASSWORD = 'Passw0rd!monitor';
const route = (key: keyof typeof monitorFlow.actions) => `${monitorFlow.basePath}/${monitorFlow.actions[key].path}`;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

describe(`系统监控 routes on ${dbKind} (spec §1 monitoring; issue: server, database, Redis, traces, users online — admin only)`, async () => {
  // a DATA_DIR of its own that does not exist: the harness's shared '/nonexistent' is created by any test that stores a file
  const missingDir = path.join(os.tmpdir(), `sbwq-missing-${process.pid}-${Date.now()}`);
  const t = await createTestApp({ DATA_DIR: missingDir });
  const adminToken = await t.loginAs('admin', ADMIN_PASSWORD);
  const admin = t.as(adminToken);
  await t.createUser({ username: 'monreviewer', password: PASSWORD, roleIds: [RoleId.reviewer] });
  const reviewerToken = await t.loginAs('monreviewer', PASSWORD);
  const reviewer = t.as(reviewerToken);

  it('each route answers the administrator with its declared shape, a non-admin 403 and no token 401', async () => {
    const shapes = {
      server: serverMonitorSchema,
      database: databaseMonitorSchema,
      redis: redisMonitorSchema,
      traces: tracesSchema,
      online: onlineSchema,
    } as const;
    for (const [key, schema] of Object.entries(shapes) as [keyof typeof shapes, (typeof shapes)[keyof typeof shapes]][]) {
      const ok = await admin('GET', route(key));
      expect(ok.statusCode, key).toBe(200);
      expect(schema.safeParse(json(ok).result).success, key).toBe(true);
      expect((await reviewer('GET', route(key))).statusCode, key).toBe(403);
      expect((await t.request(null, 'GET', route(key))).statusCode, key).toBe(401);
    }
  });

  it('服务器监控 lists this process with its CPU, memory, event-loop delay, uptime and Node version; DATA_DIR missing is said so', async () => {
    const { processes, disk } = json(await admin('GET', route('server'))).result;
    const me = processes.find((p: { current: boolean }) => p.current);
    expect(me).toMatchObject({ pid: process.pid, online: true, facts: { nodeVersion: process.version } });
    expect(me.facts.rss).toBeGreaterThan(0);
    expect(me.facts.heapUsed).toBeGreaterThan(0);
    expect(me.facts.cpuPercent).toBeGreaterThanOrEqual(0);
    expect(me.facts.loopP99).toBeGreaterThanOrEqual(0);
    expect(disk).toMatchObject({ dataDir: missingDir, exists: false });
  });

  it('数据库监控: size and the table sizes; the slowest statements, or why they cannot be shown', async () => {
    const result = json(await admin('GET', route('database'))).result;
    expect(result.kind).toBe(dbKind);
    expect(result.sizeBytes).toBeGreaterThan(0);
    expect(result.tables.length).toBeGreaterThan(0);
    expect(result.tables.length).toBeLessThanOrEqual(20);
    const sizes = result.tables.map((x: { totalBytes: number }) => x.totalBytes);
    expect(sizes).toEqual([...sizes].sort((a, b) => b - a));
    if (dbKind === 'pglite') {
      expect(result.connections).toBeNull();
      expect(result.statements).toMatchObject({ available: false, rows: [] });
      expect(result.statements.note).toContain('pg_stat_statements');
    } else {
      // this very request holds a connection that is running a statement
      expect(result.connections.find((c: { state: string }) => c.state === 'active')?.count).toBeGreaterThanOrEqual(1);
      if (!result.statements.available) expect(result.statements.note).toContain('pg_stat_statements');
    }
  });

  it('Redis 监控 without REDIS_URL says it is not configured', async () => {
    expect(json(await admin('GET', route('redis'))).result).toMatchObject({ configured: false, error: null, keys: 0 });
  });

  it('请求追踪 keeps method, path without its query, route, status, duration and user — never a token, a password or a body', async () => {
    await t.inject({ method: 'POST', url: t.api('/sys/login'), payload: { username: 'admin', password: 'wrong-PASSWORD-xyz' } });
    await t.inject({
      method: 'GET',
      url: t.api(`/sys/dict/getDictItems/sex?token=${adminToken}&secret=q-secret-123`),
      headers: { 'X-Access-Token': adminToken },
    });
    const { records } = json(await admin('GET', route('traces'))).result;
    const text = JSON.stringify(records);
    expect(text).not.toContain(adminToken);
    expect(text).not.toContain(reviewerToken);
    expect(text).not.toContain('wrong-PASSWORD-xyz');
    expect(text).not.toContain('q-secret-123');
    expect(text).not.toContain(PASSWORD);
    expect(records[0]).toMatchObject({
      method: 'GET',
      path: t.api('/sys/dict/getDictItems/sex'),
      route: t.api('/sys/dict/getDictItems/:dictCode'),
      status: 200,
      username: 'admin',
    });
    expect(records[0].durationMs).toBeGreaterThanOrEqual(0);
    expect(records[1]).toMatchObject({ method: 'POST', path: t.api('/sys/login'), username: '' });
    // the screens' own polling is left out, or it would push every real request out of the ring
    expect(records.some((r: { path: string }) => r.path.startsWith(t.api('/sys/monitor/')))).toBe(false);
  });

  it('请求追踪 keeps a one-time token in a path redacted: GET /thirdLogin/getLoginUser/{token} is traced as …/getLoginUser/***', async () => {
    const oneTime = 'Z'.repeat(43);
    await t.inject({ method: 'GET', url: t.api(`/thirdLogin/getLoginUser/${oneTime}`) });
    const { records } = json(await admin('GET', route('traces'))).result;
    expect(JSON.stringify(records)).not.toContain(oneTime);
    expect(records[0]).toMatchObject({ method: 'GET', path: t.api('/thirdLogin/getLoginUser/***'), route: t.api('/thirdLogin/getLoginUser/:token') });
  });

  it('请求追踪 holds API calls only: the page, its scripts and /metrics are counted for Prometheus but not traced', async () => {
    await t.inject({ method: 'GET', url: '/app-config.js' });
    await t.inject({ method: 'GET', url: '/metrics', headers: { 'X-Access-Token': adminToken } });
    await admin('GET', '/sys/dict/getDictItems/after-page');
    const { records } = json(await admin('GET', route('traces'))).result;
    expect(records[0].path).toBe(t.api('/sys/dict/getDictItems/after-page'));
    expect(records.filter((r: { path: string }) => !r.path.startsWith(t.api('/')))).toEqual([]);
  });

  it(`请求追踪 keeps the last ${TRACE_LIMIT} requests, newest first`, async () => {
    for (let i = 0; i < TRACE_LIMIT + 5; i++) await admin('GET', `/sys/dict/getDictItems/t${i}`);
    const { records } = json(await admin('GET', route('traces'))).result;
    expect(records).toHaveLength(TRACE_LIMIT);
    expect(records[0].path).toBe(t.api(`/sys/dict/getDictItems/t${TRACE_LIMIT + 4}`));
    expect(records[TRACE_LIMIT - 1].path).toBe(t.api('/sys/dict/getDictItems/t5'));
  });

  it('在线用户 lists the users whose session was used just now, with no token or hash', async () => {
    const result = json(await admin('GET', route('online'))).result;
    const names = result.records.map((r: { username: string }) => r.username);
    expect(names).toEqual(expect.arrayContaining(['admin', 'monreviewer']));
    const text = JSON.stringify(result);
    expect(text).not.toContain(adminToken);
    expect(text).not.toMatch(/token|hash/i);
  });

  it('every process sharing the database is listed: a second app instance appears, one silent for a minute shows 离线, one gone a day is pruned', async () => {
    const second = await buildApp(t.config, t.database.db);
    await second.app.ready();
    try {
      const { processes } = json(await admin('GET', route('server'))).result;
      const live = processes.filter((p: { online: boolean }) => p.online);
      expect(live.length).toBeGreaterThanOrEqual(2);
      expect(processes.filter((p: { current: boolean }) => p.current)).toHaveLength(1);
      expect(processes.map((p: { id: string }) => p.id)).toContain(second.app.monitoring.me.id);

      const db = t.database.db;
      const old = (ms: number) => new Date(Date.now() - ms);
      await db
        .update(sysMonitorProcess)
        .set({ seenAt: old(2 * 60_000) })
        .where(sql`${sysMonitorProcess.id} = ${second.app.monitoring.me.id}`);
      const facts = (await db.select().from(sysMonitorProcess).limit(1))[0].facts;
      await db
        .insert(sysMonitorProcess)
        .values({ id: 'gone:1:aaaa', host: 'gone', pid: 1, startedAt: old(3 * 86_400_000), seenAt: old(2 * 86_400_000), facts });
      const after = json(await admin('GET', route('server'))).result.processes;
      expect(after.find((p: { id: string }) => p.id === second.app.monitoring.me.id)).toMatchObject({ online: false });
      expect(after.map((p: { id: string }) => p.id)).not.toContain('gone:1:aaaa');
    } finally {
      await second.app.close();
    }
    // a process that stops in order takes its row with it
    const ids = (await t.database.db.select({ id: sysMonitorProcess.id }).from(sysMonitorProcess)).map((r) => r.id);
    expect(ids).not.toContain(second.app.monitoring.me.id);
  });

  it('GET /metrics: 401 without a token, 403 for a non-admin, the Prometheus text for an admin — routes by pattern, never the raw URL', async () => {
    expect((await t.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await t.inject({ method: 'GET', url: '/metrics', headers: { 'X-Access-Token': reviewerToken } })).statusCode).toBe(403);
    await admin('GET', '/sys/dict/getDictItems/raw-value-42');
    const res = await t.inject({ method: 'GET', url: '/metrics', headers: { 'X-Access-Token': adminToken } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain(`sbwq_http_requests_total{method="GET",route="${t.api('/sys/dict/getDictItems/:dictCode')}",status="200"}`);
    expect(res.body).toContain('sbwq_http_request_duration_seconds_bucket');
    expect(res.body).not.toContain('raw-value-42');
    expect(res.body).toContain('sbwq_socket_connections');
    expect(res.body).toContain('sbwq_process_resident_memory_bytes');
    expect(res.body).toContain('sbwq_nodejs_eventloop_lag_seconds');
  });

  it('a ledger booking counts in sbwq_ledger_operations_total by type and outcome', async () => {
    const count = async (labels: string) => {
      const body = (await t.inject({ method: 'GET', url: '/metrics', headers: { 'X-Access-Token': adminToken } })).body;
      const line = body.split('\n').find((l) => l.startsWith(`sbwq_ledger_operations_total{${labels}}`));
      return line ? Number(line.split(' ').pop()) : 0;
    };
    const before = await count('type="deposit",outcome="booked"');
    const poolId = json(await admin('POST', '/rights/capitalPool/add', { poolName: '监控计数', fundSource: '1', poolYear: 2026, totalAmount: '100.00' }))
      .result as string;
    expect(json(await admin('PUT', '/rights/capitalPool/enable', { id: poolId })).success).toBe(true);
    expect(json(await admin('POST', '/rights/capitalPool/deposit', { poolId, amount: '10.00' })).success).toBe(true);
    expect(await count('type="deposit",outcome="booked"')).toBeGreaterThan(before);
  });
});

describe(`METRICS_PORT on ${dbKind}: /metrics without a token, on 127.0.0.1 only`, async () => {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbwq-monitor-'));
  fs.mkdirSync(path.join(dataDir, 'uploads'));
  fs.writeFileSync(path.join(dataDir, 'uploads', 'a.bin'), Buffer.alloc(1234));
  fs.writeFileSync(path.join(dataDir, 'b.txt'), 'hello');
  const t = await createTestApp({ METRICS_PORT: String(port), DATA_DIR: dataDir });

  it('answers the metrics text with no token on the metrics port, bound to the loopback address', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('sbwq_http_requests_total');
    expect(t.app.monitoring.metricsAddress).toMatchObject({ address: '127.0.0.1', port });
    expect((await fetch(`http://127.0.0.1:${port}/sys/monitor/server`)).status).toBe(404);
  });

  it('the main port still asks for an admin token', async () => {
    expect((await t.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
  });

  it('服务器监控 counts the bytes and files under DATA_DIR and its disk', async () => {
    const token = await t.loginAs('admin', ADMIN_PASSWORD);
    const { disk } = json(await t.request(token, 'GET', route('server'))).result;
    expect(disk).toMatchObject({ dataDir, exists: true, folderBytes: 1239, folderFiles: 2, capped: false });
    expect(disk.totalBytes).toBeGreaterThan(disk.freeBytes);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(Boolean(redisUrl))('Redis 监控 with REDIS_URL: INFO and the keys of our prefix', async () => {
  const t = await createTestApp({ REDIS_URL: redisUrl ?? '', REDIS_PREFIX: `sbwqmon${process.pid}` });
  it('shows the server version, memory, stats and the key count of the prefix', async () => {
    const token = await t.loginAs('admin', ADMIN_PASSWORD);
    const result = json(await t.request(token, 'GET', route('redis'))).result;
    expect(result).toMatchObject({ configured: true, error: null, prefix: `sbwqmon${process.pid}` });
    expect(result.server.redis_version).toMatch(/^\d+\./);
    expect(result.memory.used_memory_human).toBeTruthy();
    expect(Number(result.stats.total_commands_processed)).toBeGreaterThan(0);
    expect(result.keys).toBeGreaterThanOrEqual(0);
  });
});
