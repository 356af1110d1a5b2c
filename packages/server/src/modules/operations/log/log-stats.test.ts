import { describe, expect, it } from 'vitest';
import { createTestApp, json } from '../../../test/harness.ts';
import { newId } from '../../../platform/db/ids.ts';
import { sysLog } from './log.table.ts';
import { loginInfo, visitInfo } from './log-stats.service.ts';
import { asLogRetention } from './log.service.ts';

describe('stock dashboard visit figures from the login log (GET /sys/loginfo, /sys/visitInfo; issue: the stock client calls them)', async () => {
  const t = await createTestApp();
  const db = t.database.db;
  // 10:00 on 2026-03-10 in China
  const now = new Date('2026-03-10T02:00:00Z');
  const china = (local: string) => new Date(`${local}+08:00`);
  await asLogRetention(db, (tx) => tx.delete(sysLog));
  const row = (at: string, ip: string, logType = 1) => ({ id: newId(), logType, logContent: '用户名: admin,登录成功！', ip, createTime: china(at) });
  await db
    .insert(sysLog)
    .values([
      row('2026-03-10T00:30:00', '10.0.0.1'),
      row('2026-03-10T09:00:00', '10.0.0.2'),
      row('2026-03-10T09:30:00', '10.0.0.1'),
      row('2026-03-10T08:00:00', '10.0.0.9', 2),
      row('2026-03-09T23:59:59', '10.0.0.3'),
      row('2026-03-04T00:00:00', '10.0.0.4'),
      row('2026-03-03T23:59:59', '10.0.0.5'),
    ]);

  it('loginfo counts today by the China-time day, distinct addresses today, and every login-log row in all (operation rows left out)', async () => {
    expect(await loginInfo(db, now)).toEqual({ todayVisitCount: 3, todayIp: 2, totalVisitCount: 6 });
  });

  it('visitInfo gives the last 7 China-time days oldest first as {visit, ip, tian: YYYY-MM-DD, type: MM-DD}, days without rows as 0', async () => {
    const week = await visitInfo(db, now);
    expect(week.map((d) => d.tian)).toEqual(['2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10']);
    expect(week[0]).toEqual({ visit: 1, ip: 1, tian: '2026-03-04', type: '03-04' });
    expect(week[1]).toEqual({ visit: 0, ip: 0, tian: '2026-03-05', type: '03-05' });
    expect(week[5]).toEqual({ visit: 1, ip: 1, tian: '2026-03-09', type: '03-09' });
    expect(week[6]).toEqual({ visit: 3, ip: 2, tian: '2026-03-10', type: '03-10' });
  });

  it('both answer the stock envelope (code 200) to any signed-in user and refuse a call without a token', async () => {
    for (const path of ['/sys/loginfo', '/sys/visitInfo']) expect((await t.inject({ url: t.api(path) })).statusCode).toBe(401);
    await t.createUser({ username: 'plainuser', password: 'Plainuser123' });
    const token = await t.loginAs('plainuser', 'Plainuser123', '10.9.9.9');
    const info = json(await t.inject({ url: t.api('/sys/loginfo'), headers: { 'X-Access-Token': token } }));
    expect(info).toMatchObject({ success: true, code: 200 });
    expect(info.result.todayVisitCount).toBeGreaterThanOrEqual(1);
    expect(info.result.todayIp).toBeGreaterThanOrEqual(1);
    expect(info.result.totalVisitCount).toBe(7);
    const visits = json(await t.inject({ url: t.api('/sys/visitInfo'), headers: { 'X-Access-Token': token } }));
    expect(visits).toMatchObject({ success: true, code: 200 });
    expect(visits.result).toHaveLength(7);
    const today = visits.result[6];
    expect(Object.keys(today).sort()).toEqual(['ip', 'tian', 'type', 'visit']);
    expect(today.visit).toBeGreaterThanOrEqual(1);
    expect(today.type).toBe(today.tian.slice(5));
  });
});
