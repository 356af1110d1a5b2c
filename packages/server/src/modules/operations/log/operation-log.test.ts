import { and, asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LogType } from '@sbwq/contracts';
import { ADMIN_PASSWORD, createTestApp, dbKind, json } from '../../../test/harness.ts';
import { sysLog } from './log.table.ts';
import { asLogRetention } from './log.service.ts';
import { MASK, MAX_PARAM, OperationLogQueue, operationLogOf, sanitizeBody, sanitizeUrl, type OperationRow } from './operation-log.ts';

// Issue #25 (系统日志): the operation log is written for every mutating call in one place, after the
// answer, in batches, with secrets removed.
describe(`操作日志: the operation-log hook on ${dbKind}`, async () => {
  const t = await createTestApp();
  const db = t.database.db;
  const queue = operationLogOf(t.app);
  const admin = await t.loginAs('admin', ADMIN_PASSWORD);
  const call = t.as(admin);

  const operations = async () => {
    await queue.flush();
    return db.select().from(sysLog).where(eq(sysLog.logType, LogType.operation)).orderBy(asc(sysLog.createTime));
  };
  /** Every text the log holds, in any column: a secret must appear in none of them. */
  const everything = async () => {
    await queue.flush();
    return JSON.stringify(await db.select().from(sysLog));
  };

  it('sanitizeBody masks secret fields at any depth, leaves inline files and long values out, caps the whole', () => {
    const text = sanitizeBody({
      username: 'u1',
      password: 'P@ss-1',
      nested: { newPassword: 'x1', apiToken: 't', clientSecret: 's', items: [{ oldpassword: 'o' }] },
      captcha: 'ab12',
      avatar: `data:image/png;base64,${'A'.repeat(3000)}`,
      note: 'n'.repeat(2000),
    })!;
    const parsed = JSON.parse(text);
    expect(parsed).toMatchObject({
      username: 'u1',
      password: MASK,
      captcha: MASK,
      nested: { newPassword: MASK, apiToken: MASK, clientSecret: MASK, items: [{ oldpassword: MASK }] },
    });
    expect(parsed.avatar).toMatch(/^\[文件内容已省略/);
    expect(parsed.note.length).toBeLessThan(600);
    expect(text).not.toMatch(/P@ss-1|ab12|AAAA/);
    const huge = sanitizeBody({ rows: Array.from({ length: 49 }, (_, i) => ({ i, text: 'x'.repeat(400) })) })!;
    expect(huge.length).toBeLessThanOrEqual(MAX_PARAM + 10);
    expect(huge.endsWith('…（已截断）')).toBe(true);
    expect(sanitizeBody(Buffer.from('abc'))).toMatch(/不记录/);
    expect(sanitizeBody({ a: 1 }, true)).toBe('[文件上传，内容不记录]');
    expect(sanitizeUrl('/a/b?token=abc&id=1')).toBe('/a/b?token=******&id=1');
  });

  it('a login, a password change and a user add are logged without the password, token or captcha answer', async () => {
    const login = await t.inject({
      method: 'POST',
      url: t.api('/sys/login'),
      payload: { username: 'admin', password: ADMIN_PASSWORD, captcha: 'qz7k', checkKey: 'k-1' },
      remoteAddress: '10.1.2.3',
    });
    const loginToken: string | undefined = json(login).result?.token;
    const added = json(
      await call('POST', '/sys/user/add', { username: 'log.user', realname: '日志用户', password: 'Secret-Add-9', confirmpassword: 'Secret-Add-9' }),
    );
    expect(added.success).toBe(true);
    const own = await t.loginAs('log.user', 'Secret-Add-9');
    const changed = json(
      await t.request(own, 'PUT', '/sys/user/updatePassword', { oldpassword: 'Secret-Add-9', password: 'Secret-New-7', confirmpassword: 'Secret-New-7' }),
    );
    expect(changed.success).toBe(true);

    const all = await everything();
    for (const secret of [ADMIN_PASSWORD, 'qz7k', 'Secret-Add-9', 'Secret-New-7', own, ...(loginToken ? [loginToken] : [])]) expect(all).not.toContain(secret);
    const rows = await operations();
    const loginRow = rows.find((r) => r.requestUrl === t.api('/sys/login') && r.ip === '10.1.2.3')!;
    expect(JSON.parse(loginRow.requestParam!)).toEqual({ username: 'admin', password: MASK, captcha: MASK, checkKey: MASK });
    expect(loginRow).toMatchObject({ requestType: 'POST', permissionCode: 'public', userid: 'admin' });
    const addRow = rows.find((r) => r.requestUrl === t.api('/sys/user/add'))!;
    expect(JSON.parse(addRow.requestParam!)).toMatchObject({ username: 'log.user', password: MASK, confirmpassword: MASK });
    expect(addRow).toMatchObject({ userid: 'admin', operateType: 2, permissionCode: 'system:user:add', statusCode: 200, success: true });
    expect(addRow.logContent).toContain('用户');
    const pwRow = rows.find((r) => r.requestUrl === t.api('/sys/user/updatePassword'))!;
    expect(pwRow).toMatchObject({ userid: 'log.user', username: '日志用户', requestType: 'PUT', success: true });
    expect(JSON.parse(pwRow.requestParam!)).toEqual({ oldpassword: MASK, password: MASK, confirmpassword: MASK });
  });

  it('the password-reset ticket is not kept in clear (security review: the operation log kept it), in a body or a query', async () => {
    const ticket = 'abcdefghij.KLMNOPQRSTUVWXYZ0123456789abcd';
    const sent = await t.inject({
      method: 'POST',
      url: t.api('/sys/sms'),
      payload: { mobile: '13900000077', smsmode: '2', username: 'admin', ticket },
      remoteAddress: '10.1.2.9',
    });
    expect(json(sent).success).toBe(false);
    expect(await everything()).not.toContain(ticket);
    const row = (await operations()).find((r) => r.requestUrl === t.api('/sys/sms') && r.ip === '10.1.2.9')!;
    expect(JSON.parse(row.requestParam!)).toEqual({ mobile: '13900000077', smsmode: '2', username: 'admin', ticket: MASK });
    expect(sanitizeUrl(`/cas/validate?ticket=${ticket}&service=x`)).toBe('/cas/validate?ticket=******&service=x');
  });

  it('the outcome is recorded: a refused business call (200, success false) and a call without the permission (403)', async () => {
    await call('POST', '/sys/fillRule/add', { ruleName: '日志规则', ruleCode: 'log_rule' });
    const again = json(await call('POST', '/sys/fillRule/add', { ruleName: '日志规则', ruleCode: 'log_rule' }));
    expect(again.success).toBe(false);
    await t.createUser({ username: 'plain.log', password: 'Plain12345' });
    const plain = await t.loginAs('plain.log', 'Plain12345');
    expect((await t.request(plain, 'DELETE', '/sys/fillRule/delete?id=x')).statusCode).toBe(403);
    const rows = await operations();
    const adds = rows.filter((r) => r.requestUrl === t.api('/sys/fillRule/add'));
    expect(adds.map((r) => r.success)).toEqual([true, false]);
    expect(adds[1].errorMsg).toBe(again.message);
    const refused = rows.find((r) => r.userid === 'plain.log' && r.requestType === 'DELETE')!;
    expect(refused).toMatchObject({
      statusCode: 403,
      success: false,
      permissionCode: 'system:fillRule:delete',
      operateType: 4,
      requestUrl: t.api('/sys/fillRule/delete?id=x'),
    });
  });

  it('every mutating route logs exactly one entry per call, whatever it answers', async () => {
    await queue.flush();
    await asLogRetention(db, (tx) => tx.delete(sysLog).where(eq(sysLog.logType, LogType.operation)));
    const mutating: { method: string; url: string }[] = [];
    for (const route of t.routes) {
      for (const method of [route.method].flat()) {
        // a declared query sent as POST reads only: not an operation (issue 36, operation-log.content.test.ts)
        const readOnly = (route.config as { readOnly?: boolean } | undefined)?.readOnly === true;
        if (['POST', 'PUT', 'DELETE', 'PATCH'].includes(method) && route.url.startsWith(t.config.apiBase) && !readOnly)
          mutating.push({ method, url: route.url });
      }
    }
    expect(mutating.length).toBeGreaterThan(60);
    // A token of its own: the walk reaches /sys/logout, which ends the session it is sent with.
    const walker = await t.loginAs('admin', ADMIN_PASSWORD);
    await queue.flush();
    await asLogRetention(db, (tx) => tx.delete(sysLog).where(eq(sysLog.logType, LogType.operation)));
    for (const { method, url } of mutating) {
      await t.inject({ method: method as 'POST', url: url.replace(/:(\w+)/g, 'p-$1'), headers: { 'X-Access-Token': walker }, payload: {} });
    }
    const counted = await (async () => {
      await queue.flush();
      return db
        .select({ method: sysLog.method, type: sysLog.requestType, n: sql<number>`count(*)::int` })
        .from(sysLog)
        .where(eq(sysLog.logType, LogType.operation))
        .groupBy(sysLog.method, sysLog.requestType);
    })();
    const byRoute = new Map(counted.map((c) => [`${c.type} ${c.method}`, c.n]));
    const wrong = mutating
      .filter((r) => byRoute.get(`${r.method} ${r.url}`) !== 1)
      .map((r) => `${r.method} ${r.url}: ${byRoute.get(`${r.method} ${r.url}`) ?? 0}`);
    expect(wrong).toEqual([]);
    expect(counted.reduce((sum, c) => sum + c.n, 0)).toBe(mutating.length);
  });

  it('the call never waits for the log: a slow insert does not delay the reply, and its rows are still written', async () => {
    const real = queue.sink;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    queue.sink = async (batch) => {
      await gate;
      await real(batch);
    };
    try {
      const started = performance.now();
      const res = json(await call('POST', '/sys/fillRule/add', { ruleName: '慢写规则', ruleCode: 'slow_rule' }));
      expect(res.success).toBe(true);
      // The log write is held until released: the reply came without it.
      const flushed = queue.flush();
      const second = json(await call('PUT', '/sys/fillRule/edit', { id: 'none', ruleName: '慢写规则', ruleCode: 'slow_rule' }));
      expect(second.success).toBe(false);
      expect(performance.now() - started).toBeLessThan(2000);
      const slowRows = () =>
        db
          .select()
          .from(sysLog)
          .where(and(eq(sysLog.logType, LogType.operation), sql`${sysLog.requestParam} like '%slow_rule%'`));
      expect(await slowRows()).toEqual([]);
      release();
      await flushed;
      await queue.flush();
      const written = await slowRows();
      expect(written.map((r) => r.requestType).sort()).toEqual(['POST', 'PUT']);
    } finally {
      queue.sink = real;
    }
  });

  it('a database error while writing the log is reported, never answered; the next batch is written', async () => {
    const real = queue.sink;
    queue.sink = () => Promise.reject(new Error('relation "sys_log" is locked'));
    try {
      const res = await call('POST', '/sys/fillRule/add', { ruleName: '失败写规则', ruleCode: 'fail_rule' });
      expect(json(res).success).toBe(true);
      await queue.flush();
    } finally {
      queue.sink = real;
    }
    await call('DELETE', '/sys/fillRule/delete?id=nothing-here');
    const rows = await operations();
    expect(rows.some((r) => r.requestParam?.includes('fail_rule'))).toBe(false);
    expect(rows.some((r) => r.requestUrl === t.api('/sys/fillRule/delete?id=nothing-here'))).toBe(true);
  });
});

describe('OperationLogQueue: batches of one insert, flushed on time, on size and on close', () => {
  const row = (i: number): OperationRow => ({ id: `r${i}`, logType: LogType.operation, logContent: String(i) });

  it('rows within the interval go in one insert; maxRows flushes at once; nothing is lost on flush', async () => {
    const batches: number[] = [];
    const errors: unknown[] = [];
    const queue = new OperationLogQueue(null as never, (e) => errors.push(e), { intervalMs: 40, maxRows: 5, maxQueued: 100 });
    queue.sink = async (rows) => void batches.push(rows.length);
    for (let i = 0; i < 3; i++) queue.push(row(i));
    expect(batches).toEqual([]);
    await new Promise((r) => setTimeout(r, 80));
    expect(batches).toEqual([3]);
    for (let i = 0; i < 7; i++) queue.push(row(i));
    await Promise.resolve();
    expect(batches).toEqual([3, 5]);
    await queue.flush();
    expect(batches).toEqual([3, 5, 2]);
    expect(errors).toEqual([]);
  });

  it('a database away for long drops the oldest rows beyond maxQueued instead of growing without end', async () => {
    const queue = new OperationLogQueue(null as never, () => undefined, { intervalMs: 10_000, maxRows: 1000, maxQueued: 10 });
    const written: OperationRow[] = [];
    queue.sink = async (rows) => void written.push(...rows);
    for (let i = 0; i < 25; i++) queue.push(row(i));
    expect(queue.queued).toBe(10);
    expect(queue.dropped).toBe(15);
    await queue.flush();
    expect(written.map((r) => r.id)).toEqual(Array.from({ length: 10 }, (_, i) => `r${i + 15}`));
  });
});
