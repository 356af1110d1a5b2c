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
    await call('POST', '/sys/fillRule/add', {
      ruleName: '并发测试',
      ruleCode: 'par_code',
      prefix: 'P',
      datePattern: 'yyyyMMdd',
      seqWidth: 4,
      resetCycle: 'day',
    });
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

  it('CRUD: rule_code unique and fixed; width 1–10; date pattern and reset cycle from their lists and consistent; a class outside the registry is refused', async () => {
    const add = (body: object) =>
      call('POST', '/sys/fillRule/add', {
        ruleName: '规则',
        ruleCode: 'x_rule',
        prefix: 'X',
        datePattern: 'yyyyMMdd',
        seqWidth: 3,
        resetCycle: 'day',
        ...body,
      });
    expect(json(await add({ ruleCode: 'threaded_code' }))).toMatchObject({ success: false, message: '规则编码已存在' });
    expect(json(await add({ seqWidth: 11 })).message).toBe('流水号位数应为1到10');
    expect(json(await add({ seqWidth: 0 })).message).toBe('流水号位数应为1到10');
    expect(json(await add({ datePattern: 'yyyy-MM-dd' })).message).toBe('日期格式只能是 yyyyMMdd、yyyyMM、yyyy 或 none');
    expect(json(await add({ resetCycle: 'hourly' })).message).toBe('重置周期只能是 day、month、year 或 never');
    expect(json(await add({ datePattern: 'yyyyMM', resetCycle: 'day' })).message).toContain('否则编号会重复');
    expect(json(await add({ prefix: "X'; --" })).message).toBe('前缀只能包含文字、字母、数字、下划线和短横线，最多20个字符');
    expect(json(await add({ ruleCode: 'bad code' })).message).toBe('规则编码只能包含字母、数字和下划线，且以字母开头');
    expect(json(await add({ ruleCode: '' })).message).toBe('规则编码不能为空!');

    const evil = json(await add({ ruleClass: 'org.jeecg.Evil', ruleParams: '{"x":1}' }));
    expect(evil).toMatchObject({ success: false });
    expect(evil.message).toContain('不支持的规则实现类“org.jeecg.Evil”');
    expect(await db.select().from(sysFillRule).where(eq(sysFillRule.ruleCode, 'x_rule'))).toEqual([]);
    const ok = json(await add({}));
    expect(ok).toMatchObject({ success: true, message: '添加成功！' });

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

  describe("the stock client's 填值规则 screen (issue 36): 规则实现类 / 规则参数 and testFillRule", () => {
    const ORDER = 'org.jeecg.modules.system.rule.OrderNumberRule';
    const CATEGORY = 'org.jeecg.modules.system.rule.CategoryCodeRule';
    const ORG = 'org.jeecg.modules.system.rule.OrgCodeRule';
    const month = today.slice(0, 6);
    const test = async (ruleCode: string) => json(await call('GET', `/sys/fillRule/testFillRule?ruleCode=${encodeURIComponent(ruleCode)}`));
    const listed = async (ruleCode: string) => json(await call('GET', `/sys/fillRule/list?ruleCode=${ruleCode}`)).result.records[0];

    it('the stock add (name, code, class, params only) keeps them; 规则参数 set the sequence; 功能测试 previews without using a number', async () => {
      const added = json(
        await call('POST', '/sys/fillRule/add', {
          ruleName: '商城订单流水号',
          ruleCode: 'shop_order_num',
          ruleClass: ORDER,
          ruleParams: '{"prefix":"CN","datePattern":"yyyyMM","seqWidth":4,"resetCycle":"month"}',
        }),
      );
      expect(added).toMatchObject({ success: true, message: '添加成功！' });
      const record = await listed('shop_order_num');
      expect(record).toMatchObject({ ruleClass: ORDER, prefix: 'CN', datePattern: 'yyyyMM', seqWidth: 4, resetCycle: 'month' });
      expect(JSON.parse(record.ruleParams)).toEqual({ prefix: 'CN', datePattern: 'yyyyMM', seqWidth: 4, resetCycle: 'month' });
      expect(await test('shop_order_num')).toMatchObject({ success: true, result: `CN${month}0001` });
      expect((await test('shop_order_num')).result).toBe(`CN${month}0001`);
      expect(json(await call('GET', '/sys/fillRule/executeRuleByCode/shop_order_num')).result).toBe(`CN${month}0001`);
      expect((await test('shop_order_num')).result).toBe(`CN${month}0002`);

      // The stock edit sends the whole record back with the edited 规则参数: they win over the old fields.
      const edited = json(await call('PUT', '/sys/fillRule/edit', { ...record, ruleParams: '{"prefix":"SO"}' }));
      expect(edited).toMatchObject({ success: true, message: '编辑成功!' });
      expect(await listed('shop_order_num')).toMatchObject({ prefix: 'SO', datePattern: 'yyyyMM', seqWidth: 4 });
      expect((await test('shop_order_num')).result).toBe(`SO${month}0002`);
      expect(await test('nope')).toMatchObject({ success: false, message: '填值规则不存在' });
      expect((await t.request(null, 'GET', '/sys/fillRule/testFillRule?ruleCode=shop_order_num')).statusCode).toBe(401);
    });

    it("规则参数 are checked as JSON objects and as the sequence's fields, never evaluated; an unknown class is refused in Chinese", async () => {
      const add = (ruleParams: string, ruleClass = ORDER) =>
        call('POST', '/sys/fillRule/add', { ruleName: '坏参数', ruleCode: 'bad_params', ruleClass, ruleParams });
      expect(json(await add('[1,2]')).message).toBe('规则参数只能传递JSON对象，不能传递JSON数组');
      expect(json(await add('this.constructor.constructor("return process")()')).message).toBe('规则参数请输入JSON对象，如 {"prefix":"CN"}');
      expect(json(await add('"text"')).message).toBe('规则参数请输入JSON对象，如 {"prefix":"CN"}');
      expect(json(await add('{"prefix":"\'; drop table sys_user; --"}')).message).toBe('规则参数：前缀只能包含文字、字母、数字、下划线和短横线，最多20个字符');
      expect(json(await add('{"datePattern":"yyyyMM","resetCycle":"day"}')).message).toContain('否则编号会重复');
      expect(json(await add('{}', 'java.lang.Runtime')).message).toContain(
        '不支持的规则实现类“java.lang.Runtime”：本系统不加载任意类，只提供 org.jeecg.modules.system.rule.OrderNumberRule、org.jeecg.modules.system.rule.CategoryCodeRule、org.jeecg.modules.system.rule.OrgCodeRule',
      );
      expect(json(await add('{}', '__proto__')).success).toBe(false);
      expect(await db.select().from(sysFillRule).where(eq(sysFillRule.ruleCode, 'bad_params'))).toEqual([]);
    });

    it("CategoryCodeRule gives the code the next category under pid gets; OrgCodeRule the next org code under parentId; our form's edit keeps the class", async () => {
      expect(
        json(
          await call('POST', '/sys/fillRule/add', {
            ruleName: '分类字典编码生成',
            ruleCode: 'category_code_rule',
            ruleClass: CATEGORY,
            ruleParams: '{"pid":""}',
          }),
        ).success,
      ).toBe(true);
      const preview = (await test('category_code_rule')).result as string;
      const root = json(await call('POST', '/sys/category/add', { pid: '0', name: '填值规则测试分类' })).result;
      expect(root.code).toBe(preview);
      const record = await listed('category_code_rule');
      expect(json(await call('PUT', '/sys/fillRule/edit', { ...record, ruleParams: JSON.stringify({ pid: root.id }) })).success).toBe(true);
      expect((await test('category_code_rule')).result).toBe(`${root.code}A01`);
      // Our own form sends neither class nor parameters: the rule stays what it was.
      const { ruleClass: _c, ruleParams: _p, ...ours } = await listed('category_code_rule');
      expect(json(await call('PUT', '/sys/fillRule/edit', { ...ours, ruleName: '分类编码' })).success).toBe(true);
      expect(await listed('category_code_rule')).toMatchObject({ ruleName: '分类编码', ruleClass: CATEGORY, ruleParams: JSON.stringify({ pid: root.id }) });
      expect(json(await call('PUT', '/sys/fillRule/edit', { ...record, ruleParams: '{"pid":"no-such-id"}' })).success).toBe(true);
      expect(await test('category_code_rule')).toMatchObject({ success: false, message: '规则参数 pid 指向的分类不存在' });

      expect(
        json(await call('POST', '/sys/fillRule/add', { ruleName: '机构编码生成', ruleCode: 'org_num_role', ruleClass: ORG, ruleParams: '{"parentId":""}' }))
          .success,
      ).toBe(true);
      const org = (await test('org_num_role')).result as string;
      expect(org).toMatch(/^[A-Z]\d{2}$/);
      const departId = json(await call('POST', '/sys/sysDepart/add', { departName: '填值规则测试机构', orgCategory: '1' })).result;
      const list = json(await call('GET', '/sys/sysDepart/queryTreeList')).result as { id: string; orgCode: string }[];
      expect(list.find((d) => d.id === departId)?.orgCode).toBe(org);
    });
  });
});
