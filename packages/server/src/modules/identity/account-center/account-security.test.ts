import { and, desc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AccountMsg } from '@sbwq/contracts';
import { createTestApp, json } from '../../../test/harness.ts';
import { keyedHash } from '../../../platform/secrets/app-secret.ts';
import { newId } from '../../../platform/db/ids.ts';
import { sysAnnouncement } from '../../core/notice/announcement.table.ts';
import { sysLog } from '../../operations/log/log.table.ts';
import { operationLogOf } from '../../operations/log/operation-log.ts';
import { sysSmsCode, sysSmsOutbox } from '../sms/sms.table.ts';
import { sysUser } from '../user/user.table.ts';

const ALICE_PHONE = '13700000001';
const BOB_PHONE = '13700000002';
const CODE_INVALID = '手机验证码错误或已失效，请重新获取';
const TOO_FREQUENT = '验证码发送过于频繁，请稍后再试';

/**
 * Issue #27 账户设置 → 安全设置 (spec §2 "account center and settings: … security"): a signed-in user
 * changes the phone with a code sent to the new phone (smsmode 3) and the e-mail with the current
 * password. The abuse cases: a used, expired or another user's code, a code of another purpose, a
 * phone of another account, the SMS rate limits, a wrong password.
 */
describe('issue #27 安全设置: change phone (SMS code to the new phone) and e-mail (current password)', async () => {
  const t = await createTestApp({ SMS_MIN_REPLY_MS: '0' });
  const db = t.database.db;
  const aliceId = await t.createUser({ username: 'alicesec', password: 'Alice12345' });
  const bobId = await t.createUser({ username: 'bobsec', password: 'Bob123456' });
  await db.update(sysUser).set({ phone: ALICE_PHONE, email: 'alice@sec.cn' }).where(eq(sysUser.id, aliceId));
  await db.update(sysUser).set({ phone: BOB_PHONE, email: 'bob@sec.cn' }).where(eq(sysUser.id, bobId));
  let ipSeq = 0;
  const nextIp = () => `10.28.0.${++ipSeq}`;
  const alice = await t.loginAs('alicesec', 'Alice12345');
  const bob = await t.loginAs('bobsec', 'Bob123456');

  const askCode = (token: string, mobile: string, ip = nextIp()) =>
    t.inject({ method: 'POST', url: t.api('/sys/account/phone/code'), payload: { mobile }, headers: { 'X-Access-Token': token }, remoteAddress: ip });
  const change = (token: string, phone: string, smscode: string) => t.request(token, 'POST', '/sys/account/phone/change', { phone, smscode });
  const lastCode = async (mobile: string) =>
    (await db.select().from(sysSmsOutbox).where(eq(sysSmsOutbox.mobile, mobile)).orderBy(desc(sysSmsOutbox.createTime)).limit(1))[0];
  const phoneOf = async (id: string) => (await db.select({ phone: sysUser.phone }).from(sysUser).where(eq(sysUser.id, id)))[0].phone;
  /** the codes asked so far no longer count against the hourly limits nor the 60 s interval */
  const ageCodes = () => db.update(sysSmsCode).set({ createTime: new Date(Date.now() - 2 * 3_600_000) });
  /** a code row written as sms.service writes one (sha256 of id:code), for the purposes this route must refuse */
  const plantCode = async (row: { purpose: string; mobile: string; userId: string | null; code: string }) => {
    const id = newId();
    await db.insert(sysSmsCode).values({
      id,
      purpose: row.purpose,
      mobile: row.mobile,
      userId: row.userId,
      codeHash: keyedHash('sms-code', `${id}:${row.code}`),
      ip: '10.28.9.9',
      expiresAt: new Date(Date.now() + 300_000),
    });
  };

  it('a code goes to the new phone (smsmode 3, bound to me) without an image captcha; the phone changes once, with a notice, and the user info shows it', async () => {
    const target = '13700000011';
    expect(json(await askCode(alice, target))).toMatchObject({ success: true, message: '验证码已发送至新手机号，5分钟内有效' });
    const sent = await lastCode(target);
    expect(sent).toMatchObject({ smsmode: '3' });
    expect(sent.code).toMatch(/^\d{6}$/);
    const [row] = await db.select().from(sysSmsCode).where(eq(sysSmsCode.mobile, target));
    expect(row).toMatchObject({ purpose: '3', userId: aliceId, account: 'alicesec' });
    expect(row.expiresAt.getTime() - row.createTime.getTime()).toBeLessThanOrEqual(5 * 60_000 + 1000);

    const done = json(await change(alice, target, sent.code));
    expect(done).toMatchObject({ success: true, message: '手机号修改成功', result: { userInfo: { id: aliceId, phone: target } } });
    expect(await phoneOf(aliceId)).toBe(target);
    expect(json(await t.request(alice, 'GET', '/sys/account/center')).result.profile.phone).toBe(target);

    // the notice in my bell, the operation log row with the code masked
    const bell = json(await t.request(alice, 'GET', '/sys/annountCement/listByUser')).result;
    expect(bell.sysMsgList.map((m: { titile: string }) => m.titile)).toContain('手机号已修改为 137****0011');
    await operationLogOf(t.app).flush();
    const [logged] = await db
      .select()
      .from(sysLog)
      .where(and(eq(sysLog.logType, 2), like(sysLog.requestUrl, '%/sys/account/phone/change')));
    expect(logged.userid).toBe('alicesec');
    expect(logged.requestParam).toContain(target);
    expect(logged.requestParam).not.toContain(sent.code);

    // the new phone signs in by 手机号登录; the old one no longer belongs to anybody
    const loginCode = '246810';
    await plantCode({ purpose: '0', mobile: target, userId: aliceId, code: loginCode });
    const signedIn = json(
      await t.inject({ method: 'POST', url: t.api('/sys/phoneLogin'), payload: { mobile: target, captcha: loginCode }, remoteAddress: nextIp() }),
    );
    expect(signedIn).toMatchObject({ code: 200, result: { userInfo: { username: 'alicesec', phone: target } } });
    expect((await db.select().from(sysUser).where(eq(sysUser.phone, ALICE_PHONE))).length).toBe(0);
    await ageCodes();
  });

  it('a used code is refused the second time, and an expired one at all', async () => {
    const target = '13700000012';
    await askCode(bob, target);
    const used = (await lastCode(target)).code;
    expect(json(await change(bob, target, used)).success).toBe(true);
    // the phone is given back (an administrator, say): the used code still changes nothing
    await db.update(sysUser).set({ phone: BOB_PHONE }).where(eq(sysUser.id, bobId));
    expect(json(await change(bob, target, used))).toMatchObject({ success: false, message: CODE_INVALID });
    expect(await phoneOf(bobId)).toBe(BOB_PHONE);
    await ageCodes();

    const later = '13700000013';
    await askCode(bob, later);
    const code = (await lastCode(later)).code;
    await db
      .update(sysSmsCode)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sysSmsCode.mobile, later));
    expect(json(await change(bob, later, code))).toMatchObject({ success: false, message: CODE_INVALID });
    expect(await phoneOf(bobId)).toBe(BOB_PHONE);
    await ageCodes();
  });

  it('a code sent to another user for that phone is refused, and counts as a wrong try (the fifth kills it)', async () => {
    const target = '13700000014';
    await askCode(bob, target);
    const bobs = (await lastCode(target)).code;
    for (let i = 0; i < 5; i++) expect(json(await change(alice, target, bobs))).toMatchObject({ success: false, message: CODE_INVALID });
    expect(await phoneOf(aliceId)).not.toBe(target);
    // five wrong tries by anybody: the code is dead, bob's own right try is refused too
    expect(json(await change(bob, target, bobs))).toMatchObject({ success: false, message: CODE_INVALID });
    expect(await phoneOf(bobId)).toBe(BOB_PHONE);
    await ageCodes();
  });

  it('codes of the other purposes (login, register, forgot password) cannot change the phone, even bound to me', async () => {
    const target = '13700000015';
    await plantCode({ purpose: '0', mobile: target, userId: bobId, code: '111111' });
    await plantCode({ purpose: '1', mobile: target, userId: null, code: '222222' });
    await plantCode({ purpose: '2', mobile: target, userId: bobId, code: '333333' });
    for (const code of ['111111', '222222', '333333']) expect(json(await change(bob, target, code))).toMatchObject({ success: false, message: CODE_INVALID });
    expect(await phoneOf(bobId)).toBe(BOB_PHONE);
    // nor does /sys/sms send a smsmode 3 code to anybody
    const viaPublic = await t.inject({ method: 'POST', url: t.api('/sys/sms'), payload: { mobile: target, smsmode: '3' }, remoteAddress: nextIp() });
    expect(json(viaPublic)).toMatchObject({ success: false, message: '短信类型不正确' });
    await ageCodes();
  });

  it('refusals: a bad phone, my own phone, another account’s phone (deleted ones too, and one taken after the code was sent); signed out is 401', async () => {
    const aliceNow = (await phoneOf(aliceId))!;
    const sentBefore = await db.select().from(sysSmsOutbox).where(eq(sysSmsOutbox.mobile, aliceNow));
    expect(json(await askCode(bob, '12345'))).toMatchObject({ success: false, message: '请输入正确的手机号码' });
    expect(json(await askCode(bob, BOB_PHONE))).toMatchObject({ success: false, message: '新手机号与当前手机号相同' });
    expect(json(await askCode(bob, aliceNow))).toMatchObject({ success: false, message: '该手机号已被其他账号使用' });
    // without a code the change route tells nothing about other accounts' phones
    expect(json(await change(bob, aliceNow, '123456'))).toMatchObject({ success: false, message: CODE_INVALID });
    expect(json(await change(bob, BOB_PHONE, '123456'))).toMatchObject({ success: false, message: '新手机号与当前手机号相同' });
    expect(json(await change(bob, '1370000001', '123456'))).toMatchObject({ success: false, message: '请输入正确的手机号码' });
    expect(json(await change(bob, '13700000016', ''))).toMatchObject({ success: false, message: '请输入手机验证码' });
    expect(await db.select().from(sysSmsOutbox).where(eq(sysSmsOutbox.mobile, aliceNow))).toEqual(sentBefore);
    // a deleted account keeps its phone (the unique index spans it)
    const goneId = await t.createUser({ username: 'gonesec', password: 'Gone12345' });
    await db.update(sysUser).set({ phone: '13700000017', delFlag: 1 }).where(eq(sysUser.id, goneId));
    expect(json(await askCode(bob, '13700000017')).message).toBe('该手机号已被其他账号使用');
    // a phone taken between the code and the change: refused, nothing changes
    const raced = '13700000019';
    await askCode(bob, raced);
    const code = (await lastCode(raced)).code;
    await db.update(sysUser).set({ phone: raced }).where(eq(sysUser.id, goneId));
    expect(json(await change(bob, raced, code))).toMatchObject({ success: false, message: '该手机号已被其他账号使用' });
    expect(await phoneOf(bobId)).toBe(BOB_PHONE);
    expect((await t.request(null, 'POST', '/sys/account/phone/code', { mobile: '13700000018' })).statusCode).toBe(401);
    expect((await t.request(null, 'POST', '/sys/account/phone/change', { phone: '13700000018', smscode: '123456' })).statusCode).toBe(401);
  });

  it('rate limits as /sys/sms: 60 s per phone, 5 per phone per hour counting the other purposes, 5 per account, 20 per address', async () => {
    await ageCodes();
    const target = '13700000021';
    expect(json(await askCode(bob, target)).success).toBe(true);
    expect(json(await askCode(bob, target))).toMatchObject({ success: false, message: TOO_FREQUENT });
    await ageCodes();

    // the phone's hourly five include codes asked for it for other purposes
    const busy = '13700000022';
    for (let i = 0; i < 5; i++)
      await db.insert(sysSmsCode).values({
        id: newId(),
        purpose: String(i % 3),
        mobile: busy,
        codeHash: 'x',
        ip: `10.28.8.${i}`,
        expiresAt: new Date(Date.now() + 60_000),
        createTime: new Date(Date.now() - 120_000),
      });
    expect(json(await askCode(bob, busy))).toMatchObject({ success: false, message: TOO_FREQUENT });
    await ageCodes();

    // five codes per account per hour, whatever the phones and addresses; asking about another account's phone counts too
    expect(json(await askCode(bob, (await phoneOf(aliceId))!)).message).toBe('该手机号已被其他账号使用');
    for (let i = 0; i < 4; i++) expect(json(await askCode(bob, `1370000010${i}`)).success).toBe(true);
    expect(json(await askCode(bob, '13700000109'))).toMatchObject({ success: false, message: TOO_FREQUENT });
    expect(await lastCode('13700000109')).toBeUndefined();
    await ageCodes();

    // twenty per address per hour, whoever asks
    const ip = '10.28.7.7';
    for (let i = 0; i < 20; i++)
      await db.insert(sysSmsCode).values({
        id: newId(),
        purpose: '0',
        mobile: `1360000${String(i).padStart(4, '0')}`,
        codeHash: 'x',
        ip,
        expiresAt: new Date(Date.now() + 60_000),
        createTime: new Date(Date.now() - 120_000),
      });
    expect(json(await askCode(alice, '13700000031', ip))).toMatchObject({ success: false, message: TOO_FREQUENT });
    await ageCodes();
  });

  it('e-mail: the current password is checked first (wrong: 当前密码输入错误!, the word its field is labelled with — issue 36); a taken or unchanged e-mail is refused; success notifies me', async () => {
    const before = (await db.select({ email: sysUser.email }).from(sysUser).where(eq(sysUser.id, aliceId)))[0].email;
    const changeEmail = (token: string, email: string, password: string) => t.request(token, 'POST', '/sys/account/email/change', { email, password });
    expect(json(await changeEmail(alice, 'new@sec.cn', 'Wrong12345'))).toMatchObject({ success: false, message: AccountMsg.currentPasswordWrong });
    // a wrong password tells nothing about whether the address is taken
    expect(json(await changeEmail(alice, 'bob@sec.cn', 'Wrong12345'))).toMatchObject({ success: false, message: AccountMsg.currentPasswordWrong });
    expect(json(await changeEmail(alice, 'BOB@sec.cn', 'Alice12345'))).toMatchObject({ success: false, message: '该邮箱已被其他账号使用' });
    expect(json(await changeEmail(alice, before!, 'Alice12345'))).toMatchObject({ success: false, message: '新邮箱与当前邮箱相同' });
    expect(json(await changeEmail(alice, 'not-mail', 'Alice12345'))).toMatchObject({ success: false, message: '请输入正确格式的电子邮件' });
    expect(json(await changeEmail(alice, 'x@sec.cn', ''))).toMatchObject({ success: false, message: '请输入当前密码' });
    expect((await db.select({ email: sysUser.email }).from(sysUser).where(eq(sysUser.id, aliceId)))[0].email).toBe(before);

    const done = json(await changeEmail(alice, 'alice.new@sec.cn', 'Alice12345'));
    expect(done).toMatchObject({ success: true, message: '安全邮箱修改成功', result: { userInfo: { email: 'alice.new@sec.cn' } } });
    const [notice] = await db.select().from(sysAnnouncement).where(eq(sysAnnouncement.titile, '安全邮箱已修改为 a***@sec.cn'));
    expect(notice).toMatchObject({ userIds: `${aliceId},`, msgCategory: '2', openType: 'url', openPage: '/account/settings/security' });
    await operationLogOf(t.app).flush();
    const [logged] = await db.select().from(sysLog).where(like(sysLog.requestUrl, '%/sys/account/email/change'));
    expect(logged.requestParam).not.toContain('Alice12345');
  });

  it('two requests racing with one code: exactly one changes the phone', async () => {
    await ageCodes();
    const target = '13700000041';
    await askCode(bob, target);
    const code = (await lastCode(target)).code;
    const answers = await Promise.all([change(bob, target, code), change(bob, target, code)]).then((rs) => rs.map(json));
    expect(answers.filter((a) => a.success)).toHaveLength(1);
    expect(await phoneOf(bobId)).toBe(target);
  });
});
