import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD } from '../../test/harness.ts';
import { sysUser } from '../identity/user/user.table.ts';
import { batchRig } from './batch/batch.fixtures.ts';

/**
 * Lists say who did something by the person's name (DOMAIN.md: users have an account name and a real
 * name; people are shown by the latter): 线索批次 创建人, 资金池日志 操作人, 通告 发布人 (管理 and 我的消息),
 * 文件信息 上传人. The harness names every user `<username>-姓名`.
 */
describe('who did it, by name: the lists answer the real name beside the account name', async () => {
  const { rig, reviewer, finance, a, rightA, poolId, submitted } = await batchRig();
  const admin = await rig.loginAs('admin', ADMIN_PASSWORD);
  const [adminUser] = await rig.database.db.select().from(sysUser).where(eq(sysUser.username, 'admin'));
  const batchId = await submitted(a, rightA, 2);
  // the reviewer's decision freezes the money (a log row by the reviewer) and notifies the organisation in the reviewer's name
  const decided = await rig.call(reviewer.token, 'POST', '/rights/threaded/review', { id: batchId, result: 'pass', approvedAmount: '2000' });
  if (!decided.success) throw new Error(decided.message);

  it('线索批次 list and queryById: createByName is the creator’s real name', async () => {
    const list = (await rig.call(reviewer.token, 'GET', `/rights/threaded/list?batchNo=&pageSize=50`)).result;
    const row = list.records.find((r: { id: string }) => r.id === batchId);
    expect(row).toMatchObject({ createBy: a.username, createByName: `${a.username}-姓名` });
    const one = (await rig.call(a.token, 'GET', `/rights/threaded/queryById?id=${batchId}`)).result;
    expect(one).toMatchObject({ createBy: a.username, createByName: `${a.username}-姓名` });
  });

  it('资金池日志: every row’s 操作人 is its user’s real name (finance’s 入账, the reviewer’s 冻结)', async () => {
    const logs = (await rig.call(finance.token, 'GET', `/rights/capitalPoolLog/list?poolId=${poolId}&pageSize=50`)).result.records as {
      createBy: string;
      createByName: string;
    }[];
    expect(logs.length).toBeGreaterThan(1);
    for (const log of logs) expect(log.createByName).toBe(`${log.createBy}-姓名`);
    expect(logs.map((l) => l.createBy)).toEqual(expect.arrayContaining(['fin1', 'rev1']));
  });

  it('通告管理 and 我的消息: senderName is the publisher’s real name; a reviewer’s decision reads the reviewer', async () => {
    const anntId = (
      await rig.call(admin, 'POST', '/sys/annountCement/add', {
        titile: '发布人测试',
        msgContent: '<p>内容</p>',
        msgCategory: '1',
        msgType: 'USER',
        userIds: `${a.userId},`,
        priority: 'L',
      })
    ).result as string;
    expect((await rig.call(admin, 'GET', `/sys/annountCement/doReleaseData?id=${anntId}`)).success).toBe(true);
    const managed = (await rig.call(admin, 'GET', '/sys/annountCement/list?titile=发布人测试')).result.records;
    expect(managed[0]).toMatchObject({ sender: 'admin', senderName: adminUser.realname });

    const mine = (await rig.call(a.token, 'GET', '/sys/sysAnnouncementSend/getMyAnnouncementSend?pageSize=50')).result.records as {
      titile: string;
      sender: string;
      senderName: string;
    }[];
    expect(mine.find((m) => m.titile === '发布人测试')).toMatchObject({ sender: 'admin', senderName: adminUser.realname });
    const decision = mine.find((m) => m.sender === 'rev1');
    expect(decision?.senderName).toBe('rev1-姓名');
  });

  it('发布人 is searched as shown, by name (and still by account name)', async () => {
    const byName = (await rig.call(admin, 'GET', `/sys/annountCement/list?sender=${encodeURIComponent(adminUser.realname.slice(0, 3))}`)).result.records as {
      titile: string;
    }[];
    expect(byName.map((r) => r.titile)).toContain('发布人测试');
    expect((await rig.call(admin, 'GET', '/sys/annountCement/list?sender=admin')).result.records.map((r: { titile: string }) => r.titile)).toContain(
      '发布人测试',
    );
    expect((await rig.call(admin, 'GET', '/sys/annountCement/list?sender=无此人')).result.total).toBe(0);
    const mine = (await rig.call(a.token, 'GET', `/sys/sysAnnouncementSend/getMyAnnouncementSend?sender=${encodeURIComponent('rev1-姓')}`)).result.records as {
      sender: string;
    }[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((m) => m.sender === 'rev1')).toBe(true);
  });

  it('文件信息: createByName is the uploader’s real name', async () => {
    const files = (await rig.call(a.token, 'GET', '/rights/sbFileInfo/list?pageSize=50')).result.records as { createBy: string; createByName: string }[];
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(file.createByName).toBe(`${file.createBy}-姓名`);
  });
});
