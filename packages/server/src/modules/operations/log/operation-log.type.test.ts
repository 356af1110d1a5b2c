import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LogType, OPERATE_TYPE_TEXT, OperateType } from '@sbwq/contracts';
import { ADMIN_PASSWORD, dbKind } from '../../../test/harness.ts';
import { batchRig } from '../../rights/batch/batch.fixtures.ts';
import { newId } from '../../../platform/db/ids.ts';
import { sysDict, sysDictItem } from '../../config/dict/dict.table.ts';
import { sysLog } from './log.table.ts';
import { listLogs } from './log.service.ts';
import { operationsAtOf } from './operation-log.fixtures.ts';

// Issue 36 (操作日志): every row has a plain Chinese 操作类型 — sign-in rows showed "—" — and a clue
// batch's review names the batch by its number and its name, as its approval record does.
describe(`操作日志: an operate type on every row, a batch named by number and name (issue 36) on ${dbKind}`, async () => {
  const s = await batchRig();
  const { rig } = s;
  const db = rig.database.db;
  const operationsAt = operationsAtOf(rig);

  it('a review of a clue batch reads 线索批次-审核：<批次编号> <批次名称>，<decision>, in 操作日志 and in 最近操作', async () => {
    const id = await s.submitted(s.a, s.rightA, 2);
    const batchNo: string = (await s.batch(id)).batchNo;
    const decided = await rig.call(s.reviewer.token, 'POST', '/rights/threaded/review', { id, result: 'returned', opinion: '请补充侵权截图' });
    expect(decided.success).toBe(true);
    const [row] = await operationsAt('/rights/threaded/review');
    expect(row.logContent).toBe(`线索批次-审核：${batchNo} 淘宝假冒星河店铺，退回补正`);
    expect(row.operateType).toBe(OperateType.edit);
    const center = await rig.call(s.reviewer.token, 'GET', '/sys/account/center');
    expect((center.result.activity as { content: string }[]).map((a) => a.content)).toContain(`线索批次-审核：${batchNo} 淘宝假冒星河店铺，退回补正`);
    const [added] = (await operationsAt('/rights/threaded/add')).filter((r) => r.logContent?.includes(batchNo));
    expect(added.logContent).toBe(`线索批次-新增线索批次：${batchNo} 淘宝假冒星河店铺`);
  });

  it('a sign-in is typed 登录, a sign-out 退出登录, a failed sign-in too; the list says the type in words for both clients', async () => {
    const token = await rig.loginAs('admin', ADMIN_PASSWORD);
    expect((await rig.call('', 'POST', '/sys/login', { username: 'admin', password: 'wrong-password-1' })).success).toBe(false);
    await rig.call(token, 'POST', '/sys/logout');
    const logins = await operationsAt('/sys/login');
    expect(logins.length).toBeGreaterThan(1);
    expect(logins.filter((r) => r.operateType !== OperateType.login)).toEqual([]);
    const [logout] = await operationsAt('/sys/logout');
    expect(logout.operateType).toBe(OperateType.logout);
    const page = await listLogs({ db }, { logType: String(LogType.operation), pageNo: 1, pageSize: 500 });
    const untyped = page.records.filter((r) => r.operateType === null || !r.operateType_dictText);
    expect(untyped.map((r) => r.logContent)).toEqual([]);
    expect(page.records.find((r) => r.method === rig.api('/sys/login'))?.operateType_dictText).toBe('登录');
  });

  it('a sign-in row written untyped before the fix is listed as 登录; the 操作类型 dictionary has the new words for the stock filter', async () => {
    const id = newId();
    await db.insert(sysLog).values({
      id,
      logType: LogType.operation,
      logContent: '登录与会话-账号密码登录',
      operateType: null,
      userid: 'admin',
      method: rig.api('/sys/login'),
      requestUrl: rig.api('/sys/login'),
      permissionCode: 'public',
      requestType: 'POST',
      createTime: new Date(),
    });
    const page = await listLogs({ db }, { logType: String(LogType.operation), pageNo: 1, pageSize: 500 });
    expect(page.records.find((r) => r.id === id)).toMatchObject({ operateType: OperateType.login, operateType_dictText: '登录' });
    const [dict] = await db.select().from(sysDict).where(eq(sysDict.dictCode, 'operate_type'));
    const items = await db.select().from(sysDictItem).where(eq(sysDictItem.dictId, dict.id));
    expect(Object.fromEntries(items.map((i) => [i.itemValue, i.itemText]))).toEqual(Object.fromEntries(Object.entries(OPERATE_TYPE_TEXT)));
    expect(OPERATE_TYPE_TEXT[OperateType.sms]).toBe('发送验证码');
  });
});
