import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, json } from '../../../test/harness.ts';
import { sysCheckRule } from './check-rule.table.ts';
import { decodeValue, slicesOf } from './check-rule.service.ts';
import { RegexSandbox, RegexTimeoutError } from './regex-sandbox.ts';

describe('JEECG-API §5.4 check rules: checkByCode, and rules vetted on save', async () => {
  const t = await createTestApp();
  const db = t.database.db;
  const token = await t.loginAs('admin', ADMIN_PASSWORD);
  const headers = { 'X-Access-Token': token };
  const call = t.as(token);
  const check = (ruleCode: string, value: string) =>
    call('GET', `/sys/checkRule/checkByCode?ruleCode=${encodeURIComponent(ruleCode)}&value=${encodeURIComponent(value)}`);
  const ruleCount = async () => (await db.select().from(sysCheckRule)).length;

  it('§5.4 the seeded `common` rule: first char a letter; letters, digits and _ only; length 3–12', async () => {
    for (const value of ['abc', 'A_1', 'abcdefghijkl']) expect(json(await check('common', value)), value).toMatchObject({ success: true });
    expect(json(await check('common', '1abc'))).toEqual({
      success: false,
      code: 500,
      message: '第一位只能是字母',
      result: { digits: '1', pattern: '^[a-zA-Z]$', message: '第一位只能是字母', beginIndex: 0, endIndex: 1, checkValue: '1', passed: false },
      timestamp: expect.any(Number),
    });
    const star = json(await check('common', 'ab-c'));
    expect(star).toMatchObject({ success: false, message: '只能填写数字、大小写字母、下划线' });
    expect(star.result).toEqual({ digits: '*', pattern: '^[0-9a-zA-Z_]{0,}$', message: '只能填写数字、大小写字母、下划线', checkValue: 'ab-c', passed: false });
    expect(json(await check('common', 'ab')).message).toBe('最少输入3位数');
    expect(json(await check('common', 'abcdefghijklm')).message).toBe('最多输入12位数');
  });

  it('§5.4 unknown code: 该编码不存在; a blank value passes; the value is URL-decoded once more, as JeecgBoot does', async () => {
    expect(json(await check('nope', 'x'))).toMatchObject({ success: false, message: '该编码不存在' });
    expect(json(await check("common' or '1'='1", 'x')).message).toBe('该编码不存在');
    expect(json(await check('common', ''))).toMatchObject({ success: true });
    // The JeecgBoot client encodes the value itself, so the server decodes it once more.
    expect(json(await check('common', encodeURIComponent('ab c'))).result.checkValue).toBe('ab c');
    expect(decodeValue('100%')).toBe('100%');
    expect(decodeValue('a+b')).toBe('a b');
  });

  it('§5.4 digits N takes the next N characters; a slice beyond the value is empty', () => {
    const items = [
      { digits: '2', pattern: 'x', message: 'm' },
      { digits: '*', pattern: 'x', message: 'm' },
      { digits: '3', pattern: 'x', message: 'm' },
      { digits: '2', pattern: 'x', message: 'm' },
    ];
    expect(slicesOf(items, 'abcd').map((s) => [s.checkValue, s.beginIndex, s.endIndex])).toEqual([
      ['ab', 0, 2],
      ['abcd', undefined, undefined],
      ['cd', 2, 4],
      ['', 5, 4],
    ]);
  });

  it('check values are plain values: injection text, comments and huge inputs neither break nor stall the check', async () => {
    for (const value of ["a'; drop table sys_check_rule; --", 'a/* x */b', 'select(1) UNION select 2', '$(rm -rf /)', '^.*$']) {
      const res = await check('common', value);
      expect(res.statusCode, value).toBe(200);
      expect(json(res).success, value).toBe(false);
    }
    const long = await check('common', 'a'.repeat(501));
    expect(json(long)).toMatchObject({ success: false, message: '校验值过长' });
    expect(await ruleCount()).toBeGreaterThan(0);
  });

  it('CRUD: rule_json validated with zod (array of {digits, pattern, message}); codes unique; answers 添加成功！/编辑成功!/删除成功!', async () => {
    const body = { ruleName: '手机号', ruleCode: 'mobile', ruleJson: JSON.stringify([{ digits: '*', pattern: '1[3-9]\\d{9}', message: '手机号格式不正确' }]) };
    expect(json(await call('POST', '/sys/checkRule/add', body))).toMatchObject({ success: true, message: '添加成功！' });
    expect(json(await check('mobile', '13812345678')).success).toBe(true);
    expect(json(await check('mobile', '12812345678')).message).toBe('手机号格式不正确');
    expect(json(await call('POST', '/sys/checkRule/add', body)).message).toBe('规则编码已存在');

    for (const ruleJson of [
      '',
      'not json',
      '[]',
      '{"digits":"*"}',
      JSON.stringify([{ digits: 'x', pattern: 'a', message: 'm' }]),
      JSON.stringify([{ digits: '*', pattern: '', message: 'm' }]),
    ]) {
      const res = await call('POST', '/sys/checkRule/add', { ...body, ruleCode: 'other', ruleJson });
      expect(json(res).success, ruleJson).toBe(false);
      expect(json(res).message, ruleJson).toMatch(/规则内容/);
    }
    // An array is accepted as well as a JSON string.
    expect(
      json(await call('POST', '/sys/checkRule/add', { ...body, ruleCode: 'arr', ruleJson: [{ digits: 2, pattern: '[A-Z]+', message: '前两位大写' }] })).success,
    ).toBe(true);
    expect(json(await check('arr', 'ab1')).result).toMatchObject({ digits: '2', checkValue: 'ab', beginIndex: 0, endIndex: 2 });

    const row = json(await call('GET', '/sys/checkRule/list?ruleCode=mobile')).result.records[0];
    expect(row.ruleJson).toContain('1[3-9]');
    expect(json(await call('PUT', '/sys/checkRule/edit', { ...row, ruleName: '中国大陆手机号' }))).toMatchObject({ success: true, message: '编辑成功!' });
    expect(json(await call('DELETE', `/sys/checkRule/delete?id=${row.id}`))).toMatchObject({ success: true, message: '删除成功!' });
    expect(json(await check('mobile', '13812345678')).message).toBe('该编码不存在');
  });

  it('patterns are vetted on save: an invalid one and one with catastrophic backtracking are refused with a clear message; nothing is saved', async () => {
    const before = await ruleCount();
    const add = (pattern: string) =>
      call('POST', '/sys/checkRule/add', {
        ruleName: '坏规则',
        ruleCode: 'evil',
        ruleJson: JSON.stringify([
          { digits: '*', pattern: '.+', message: 'ok' },
          { digits: '*', pattern, message: '坏' },
        ]),
      });
    expect(json(await add('(a'))).toMatchObject({ success: false, message: '第2条规则的正则表达式不正确' });
    for (const pattern of ['(a+)+$', '(a|a)*b', '(\\w+\\s?)+$', '(\\d+)*x', '([a-zA-Z0-9]+)*@', '(.*a){20}']) {
      const started = Date.now();
      const res = json(await add(pattern));
      expect(res, pattern).toMatchObject({ success: false, message: '第2条规则的正则表达式存在灾难性回溯风险（对某些输入耗时过长），请简化后再保存' });
      expect(Date.now() - started, pattern).toBeLessThan(5_000);
    }
    expect(await ruleCount()).toBe(before);
    // The server is still responsive after all of that.
    expect(json(await check('common', 'abc')).success).toBe(true);
  });

  it('a hostile rule written straight into the table cannot stall the server: evaluation is time-limited in a worker', async () => {
    await db
      .insert(sysCheckRule)
      .values({ id: 'hostile', ruleName: '直写', ruleCode: 'hostile', ruleJson: JSON.stringify([{ digits: '*', pattern: '(a+)+$', message: '坏' }]) });
    const started = Date.now();
    const [slow, quick] = await Promise.all([check('hostile', `${'a'.repeat(40)}!`), t.inject({ url: t.api('/sys/dict/getDictItems/sex'), headers })]);
    expect(json(slow)).toMatchObject({ success: false, message: '校验超时，请联系管理员检查该校验规则' });
    expect(json(quick).success).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(json(await check('common', 'abc')).success).toBe(true);
  });

  it('the sandbox terminates a stuck worker and carries on with the next job', async () => {
    const sandbox = new RegexSandbox();
    try {
      const stuck = sandbox.run([{ source: '^(?:(a+)+)$', flags: 'u', input: `${'a'.repeat(40)}!` }], { stopOnFail: true, timeoutMs: 50 });
      const next = sandbox.run([{ source: '^(?:a+)$', flags: 'u', input: 'aaa' }], { stopOnFail: true, timeoutMs: 1000 });
      await expect(stuck).rejects.toBeInstanceOf(RegexTimeoutError);
      await expect(next).resolves.toEqual([true]);
    } finally {
      await sandbox.close();
    }
  });
});
