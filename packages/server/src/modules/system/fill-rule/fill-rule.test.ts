import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, dbKind, json } from '../../../test/harness.ts';
import { sysFillRule, sysFillRuleSeq } from './fill-rule.table.ts';
import { datePart, formatCode, nextCode, periodKey } from './fill-rule.service.ts';

describe(`填值规则 (sys_fill_rule): executeRuleByCode and nextCode on ${dbKind}`, async () => {
  const t = await createTestApp();
  const db = t.database.db;
  const token = await t.loginAs('admin', ADMIN_PASSWORD);
  const call = t.as(token);
  const today = datePart('yyyyMMdd', new Date());

  it('formats prefix + date (China time) + zero-padded sequence; the period key follows the reset cycle', () => {
    // 2026-11-21 16:30 UTC is already 2026-11-22 in China.
    const at = new Date('2026-11-21T16:30:00Z');
    expect(formatCode({ prefix: 'XS', datePattern: 'yyyyMMdd', seqWidth: 3, resetCycle: 'day' }, 1, at)).toBe('XS20261122001');
    expect(formatCode({ prefix: 'ZJC', datePattern: 'yyyy', seqWidth: 3, resetCycle: 'year' }, 12, at)).toBe('ZJC2026012');
    expect(formatCode({ prefix: '', datePattern: 'none', seqWidth: 1, resetCycle: 'never' }, 1234, at)).toBe('1234');
    expect([periodKey('day', at), periodKey('month', at), periodKey('year', at), periodKey('never', at)]).toEqual(['D20261122', 'M202611', 'Y2026', 'N']);
  });

  it('the seeded rules answer the next number: XS/BX + yyyyMMdd + 3 digits, ZJC + yyyy + 3 digits (GET and PUT)', async () => {
    const first = json(await call('GET', '/sys/fillRule/executeRuleByCode/threaded_code'));
    expect(first).toMatchObject({ success: true, result: `XS${today}001` });
    expect(json(await call('PUT', '/sys/fillRule/executeRuleByCode/threaded_code', { any: 'form data' })).result).toBe(`XS${today}002`);
    expect(json(await call('GET', '/sys/fillRule/executeRuleByCode/claim_code')).result).toBe(`BX${today}001`);
    expect(json(await call('GET', '/sys/fillRule/executeRuleByCode/pool_code')).result).toBe(`ZJC${today.slice(0, 4)}001`);
    expect(json(await call('GET', '/sys/fillRule/executeRuleByCode/nope'))).toMatchObject({ success: false, message: '填值规则不存在' });
    expect(json(await call('GET', `/sys/fillRule/executeRuleByCode/${encodeURIComponent("threaded_code' or '1'='1")}`)).message).toBe('填值规则不存在');
  });

  it('200 parallel calls give 200 distinct consecutive numbers (one atomic upsert per number)', async () => {
    await call('POST', '/sys/fillRule/add', { ruleName: '并发测试', ruleCode: 'par_code', prefix: 'P', datePattern: 'yyyyMMdd', seqWidth: 4, resetCycle: 'day' });
    const answers = await Promise.all(Array.from({ length: 200 }, () => call('GET', '/sys/fillRule/executeRuleByCode/par_code')));
    const codes = answers.map((a) => json(a).result as string);
    expect(new Set(codes).size).toBe(200);
    const numbers = codes.map((c) => Number(c.slice(-4))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
  });

  it('nextCode(db, ruleCode) joins the caller transaction: a rolled-back business write gives its number back', async () => {
    await expect(
      db.transaction(async (tx) => {
        expect(await nextCode(tx, 'claim_code')).toBe(`BX${today}002`);
        throw new Error('business write failed');
      }),
    ).rejects.toThrow('business write failed');
    expect(await nextCode(db, 'claim_code')).toBe(`BX${today}002`);
  });

  it('a new period starts again at 1; a sequence past its width is written in full', async () => {
    await call('POST', '/sys/fillRule/add', { ruleName: '窄', ruleCode: 'narrow', prefix: 'N', datePattern: 'yyyyMM', seqWidth: 1, resetCycle: 'month' });
    const seen: string[] = [];
    for (let i = 0; i < 11; i++) seen.push(await nextCode(db, 'narrow', new Date('2026-01-15T00:00:00Z')));
    expect(seen.at(0)).toBe('N2026011');
    expect(seen.at(-1)).toBe('N20260111');
    expect(await nextCode(db, 'narrow', new Date('2026-02-01T00:00:00Z'))).toBe('N2026021');
  });

  it('CRUD: rule_code unique and fixed; width 1–10; date pattern and reset cycle from their lists and consistent; no class or script field is kept', async () => {
    const add = (body: object) => call('POST', '/sys/fillRule/add', { ruleName: '规则', ruleCode: 'x_rule', prefix: 'X', datePattern: 'yyyyMMdd', seqWidth: 3, resetCycle: 'day', ...body });
    expect(json(await add({ ruleCode: 'threaded_code' }))).toMatchObject({ success: false, message: '规则编码已存在' });
    expect(json(await add({ seqWidth: 11 })).message).toBe('流水号位数应为1到10');
    expect(json(await add({ seqWidth: 0 })).message).toBe('流水号位数应为1到10');
    expect(json(await add({ datePattern: 'yyyy-MM-dd' })).message).toBe('日期格式只能是 yyyyMMdd、yyyyMM、yyyy 或 none');
    expect(json(await add({ resetCycle: 'hourly' })).message).toBe('重置周期只能是 day、month、year 或 never');
    expect(json(await add({ datePattern: 'yyyyMM', resetCycle: 'day' })).message).toContain('否则编号会重复');
    expect(json(await add({ prefix: "X'; --" })).message).toBe('前缀只能包含文字、字母、数字、下划线和短横线，最多20个字符');
    expect(json(await add({ ruleCode: 'bad code' })).message).toBe('规则编码只能包含字母、数字和下划线，且以字母开头');
    expect(json(await add({ ruleCode: '' })).message).toBe('规则编码不能为空!');

    const ok = json(await add({ ruleClass: 'org.jeecg.Evil', ruleParams: '{"x":1}' }));
    expect(ok).toMatchObject({ success: true, message: '添加成功！' });
    const [row] = await db.select().from(sysFillRule).where(eq(sysFillRule.ruleCode, 'x_rule'));
    expect(Object.keys(row)).not.toContain('ruleClass');

    const listed = json(await call('GET', '/sys/fillRule/list?ruleCode=x_rule')).result.records[0];
    expect(listed).toMatchObject({ ruleName: '规则', prefix: 'X', seqWidth: 3, resetCycle: 'day' });
    expect(json(await call('PUT', '/sys/fillRule/edit', { ...listed, ruleCode: 'y_rule' })).message).toBe('规则编码不能修改（已生成的编号依赖它）');
    expect(json(await call('PUT', '/sys/fillRule/edit', { ...listed, prefix: 'Y' }))).toMatchObject({ success: true, message: '编辑成功!' });
    expect(json(await call('GET', '/sys/fillRule/executeRuleByCode/x_rule')).result).toBe(`Y${today}001`);

    // Deleted and added again, the rule goes on from its last number instead of repeating it.
    expect(json(await call('DELETE', `/sys/fillRule/delete?id=${listed.id}`))).toMatchObject({ success: true, message: '删除成功!' });
    expect(json(await add({ prefix: 'Y' })).success).toBe(true);
    expect(json(await call('GET', '/sys/fillRule/executeRuleByCode/x_rule')).result).toBe(`Y${today}002`);
    expect((await db.select().from(sysFillRuleSeq).where(eq(sysFillRuleSeq.ruleCode, 'x_rule'))).length).toBe(1);
  });
});
