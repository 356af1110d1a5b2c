import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LOG_CLEAR_ALL, LogMsg, LogType } from '@sbwq/contracts';
import { ADMIN_PASSWORD, createTestApp, dbKind, json } from '../../../test/harness.ts';
import { xlsxSheet } from '../../../test/excel.ts';
import { sysLog } from './log.table.ts';
import { asLogRetention, pruneLogs } from './log.service.ts';
import { operationLogOf } from './operation-log.ts';

const DAY = 86_400_000;

// Issue #25 (系统日志): GET /sys/log/list as stock JeecgBoot's SysLogController, with the screen's filters.
describe(`系统日志: /sys/log list, export, deletion refused and the retention prune on ${dbKind}`, async () => {
  const t = await createTestApp();
  const db = t.database.db;
  const admin = await t.loginAs('admin', ADMIN_PASSWORD);
  const call = t.as(admin);
  const now = Date.now();

  // A known set, apart from what the calls above wrote: rows of both types over the last days.
  const row = (i: number, over: Partial<typeof sysLog.$inferInsert>) => ({
    id: `seeded-${i}`,
    logType: LogType.operation,
    logContent: `操作 ${i}`,
    userid: 'zhang.reviewer',
    username: '张审核',
    ip: '10.8.0.1',
    requestType: 'POST',
    requestUrl: `/jeecg-boot/rights/right/add`,
    operateType: 2,
    costTime: 10 + i,
    createTime: new Date(now - i * 3600_000),
    ...over,
  });
  await db.insert(sysLog).values([
    row(1, {
      logType: LogType.login,
      logContent: '用户名: zhang.reviewer,登录成功！',
      ip: '10.8.0.2',
      requestUrl: '/jeecg-boot/sys/login',
      operateType: null,
    }),
    row(2, { logContent: '受保护权利-新增受保护权利（草稿）' }),
    row(3, { logContent: '资金池-充值', requestUrl: '/jeecg-boot/rights/capitalPool/deposit', userid: 'li.finance', username: '李财务', ip: '10.8.0.3' }),
    row(4, {
      logContent: '用户管理-删除用户',
      requestType: 'DELETE',
      requestUrl: '/jeecg-boot/sys/user/delete?id=1',
      operateType: 4,
      createTime: new Date(now - 3 * DAY),
      success: false,
      statusCode: 200,
    }),
  ]);
  const list = async (query: string) => json(await call('GET', `/sys/log/list?${query}`)).result;
  const ids = (page: { records: { id: string }[] }) => page.records.map((r) => r.id).filter((id) => id.startsWith('seeded-'));

  it('lists a log type newest first, paged, as stock (logType, pageNo, pageSize)', async () => {
    const ops = await list('logType=2&pageNo=1&pageSize=100');
    expect(ids(ops)).toEqual(['seeded-2', 'seeded-3', 'seeded-4']);
    expect(ops.records[0]).toMatchObject({ logType: 2, userid: expect.any(String) });
    expect(ops.records.find((r: { id: string }) => r.id === 'seeded-2').createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const logins = await list('logType=1&pageSize=100');
    expect(ids(logins)).toEqual(['seeded-1']);
    expect(logins.records.every((r: { logType: number }) => r.logType === 1)).toBe(true);
    const paged = await list('logType=2&pageNo=2&pageSize=1&user=zhang.reviewer');
    expect(paged).toMatchObject({ total: 2, current: 2, size: 1 });
    expect(ids(paged)).toEqual(['seeded-4']);
    expect(ids(await list('logType=2&user=zhang.reviewer&column=createTime&order=asc'))).toEqual(['seeded-4', 'seeded-2']);
  });

  it('filters by time range, user (account or name), IP, keyword (content or address), operation type and outcome', async () => {
    const at = (ms: number) => new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
    expect(
      ids(await list(`logType=2&createTime_begin=${encodeURIComponent(at(now - 2 * DAY))}&createTime_end=${encodeURIComponent(at(now))}&pageSize=100`)),
    ).toEqual(['seeded-2', 'seeded-3']);
    expect(ids(await list('user=李财务'))).toEqual(['seeded-3']);
    expect(ids(await list('user=li.fin'))).toEqual(['seeded-3']);
    expect(ids(await list('ip=10.8.0.3'))).toEqual(['seeded-3']);
    expect(ids(await list('keyWord=充值'))).toEqual(['seeded-3']);
    expect(ids(await list('keyWord=capitalPool'))).toEqual(['seeded-3']);
    expect(ids(await list('operateType=4'))).toEqual(['seeded-4']);
    expect(ids(await list('logType=2&success=0'))).toEqual(['seeded-4']);
    // A keyword is text, never a pattern or SQL.
    expect((await list('keyWord=%25')).records.filter((r: { logContent: string }) => !r.logContent?.includes('%'))).toEqual([]);
    expect(json(await call('GET', `/sys/log/list?keyWord=${encodeURIComponent("' or 1=1 --")}`)).result.total).toBe(0);
  });

  it('exports the filtered rows to Excel (title row, header, one row each)', async () => {
    const res = await t.inject({ url: t.api('/sys/log/exportXls?logType=2&user=zhang.reviewer'), headers: { 'X-Access-Token': admin } });
    const sheet = await xlsxSheet(res);
    expect(sheet.getRow(1).getCell(1).value).toBe('操作日志');
    expect(sheet.getRow(2).getCell(1).value).toBe('时间');
    expect(sheet.rowCount).toBe(4);
    // the action as users read it, its developer note in brackets left out (issue 36)
    expect(sheet.getRow(3).getCell(3).value).toBe('受保护权利-新增受保护权利');
    expect(sheet.getRow(4).getCell(7).value).toBe('删除');
  });

  it('security review (an admin emptied the operation log with deleteBatch?ids=allclear): delete, deleteBatch and allclear answer a refusal in Chinese and every row stays', async () => {
    await t.createUser({ username: 'nolog', password: 'Nolog12345' });
    const other = t.as(await t.loginAs('nolog', 'Nolog12345'));
    for (const [method, path] of [
      ['GET', '/sys/log/list'],
      ['GET', '/sys/log/exportXls'],
      ['DELETE', '/sys/log/delete?id=seeded-1'],
      ['DELETE', `/sys/log/deleteBatch?ids=${LOG_CLEAR_ALL}`],
    ] as const) {
      expect((await other(method, path)).statusCode).toBe(403);
    }
    await operationLogOf(t.app).flush();
    const before = (await db.select({ id: sysLog.id }).from(sysLog)).length;
    for (const path of ['/sys/log/delete?id=seeded-1', '/sys/log/deleteBatch?ids=seeded-2,seeded-3', `/sys/log/deleteBatch?ids=${LOG_CLEAR_ALL}`]) {
      const res = await call('DELETE', path);
      expect(res.statusCode).toBe(200);
      expect(json(res)).toMatchObject({ success: false, message: LogMsg.deleteRefused });
    }
    await operationLogOf(t.app).flush();
    const after = await db.select({ id: sysLog.id }).from(sysLog);
    // the three refusals are logged themselves; nothing went
    expect(after.length).toBe(before + 3);
    expect(after.map((r) => r.id)).toEqual(expect.arrayContaining(['seeded-1', 'seeded-2', 'seeded-3', 'seeded-4']));
  });

  it('the database itself refuses deleting, clearing or editing log rows outside the retention job (security review: log deletion only by retention)', async () => {
    const [before] = await db.select().from(sysLog).where(eq(sysLog.id, 'seeded-1'));
    await expect(db.delete(sysLog).where(eq(sysLog.id, 'seeded-1'))).rejects.toThrow();
    await expect(db.execute(sql`truncate sys_log`)).rejects.toThrow();
    await expect(db.update(sysLog).set({ logContent: '改过' }).where(eq(sysLog.id, 'seeded-1'))).rejects.toThrow();
    const [kept] = await db.select().from(sysLog).where(eq(sysLog.id, 'seeded-1'));
    expect(kept).toEqual(before);
  });

  it('pruneLogs (the retention job) still removes login and operation rows older than the given days, in bounded chunks, and keeps the rest', async () => {
    await asLogRetention(db, (tx) => tx.delete(sysLog));
    const ref = new Date('2026-11-20T00:00:00Z');
    await db.insert(sysLog).values(
      Array.from({ length: 23 }, (_, i) => ({
        id: `p-${i}`,
        logType: i % 2 ? LogType.login : LogType.operation,
        // 0–12 are 1–13 days old, 13–22 are 100–109 days old.
        createTime: new Date(ref.getTime() - (i < 13 ? i + 1 : i + 87) * DAY),
      })),
    );
    const statements: number[] = [];
    const counting = new Proxy(db, {
      get(target, key, receiver) {
        if (key === 'transaction') statements.push(1);
        return Reflect.get(target, key, receiver);
      },
    });
    expect(await pruneLogs(counting, 90, { now: ref, chunk: 4 })).toBe(10);
    // 10 old rows, 4 at a time, each chunk its own transaction: 4 + 4 + 2, the short chunk ends it.
    expect(statements.length).toBe(3);
    const left = await db.select({ id: sysLog.id }).from(sysLog);
    expect(left.map((r) => r.id).sort()).toEqual(Array.from({ length: 13 }, (_, i) => `p-${i}`).sort());
    expect(await pruneLogs(db, 90, { now: ref })).toBe(0);
    expect(await pruneLogs(db, 5, { now: ref })).toBe(8);
    await expect(pruneLogs(db, 0)).rejects.toThrow();
    const [{ n }] = (await db
      .select({ n: sql<number>`count(*)::int` })
      .from(sysLog)
      .where(eq(sysLog.logType, LogType.login))) as { n: number }[];
    expect(n).toBe(2);
  });
});
