import { and, eq, inArray, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CategoryPerm, DepartPerm, DictMsg, DictPerm, FillRulePerm, PositionPerm, QuartzJobMsg, QuartzJobPerm, RolePerm } from '@sbwq/contracts';
import { ADMIN_PASSWORD, createTestApp, json, multipart } from './harness.ts';
import { xlsxSheet } from './excel.ts';
import { toWorkbook } from '../platform/excel/excel.ts';
import { buttonId, RoleId } from '../seed/buttons.ts';
import { runSeeds } from '../seed/seed.ts';
import { sysSeed } from '../seed/seed.table.ts';
import { sysPermission } from '../modules/identity/permission/permission.table.ts';
import { sysRolePermission } from '../modules/identity/role/role.table.ts';
import { sysCategory } from '../modules/config/category/category.table.ts';
import { sysDepart } from '../modules/identity/depart/depart.table.ts';

/**
 * 导出 / 导入 of the stock client's 角色, 部门, 职务, 数据字典, 分类字典, 定时任务 and 填值规则 screens (issue 36): the stock
 * URLs, the stock columns, the list's filter or `selections`; an import adds each row as 新增 does and
 * reports a refused row by its number and reason.
 */
describe('issue 36: exportXls / importExcel of the system screens', async () => {
  const t = await createTestApp();
  const db = t.database.db;
  const token = await t.loginAs('admin', ADMIN_PASSWORD);
  const admin = t.as(token);
  const upload = async (path: string, content: Buffer) => {
    const body = multipart({ filename: 'import.xlsx', content });
    return json(await t.inject({ method: 'POST', url: t.api(path), payload: body.payload, headers: { ...body.headers, 'X-Access-Token': token } }));
  };
  /** A file laid out as the exports are: a title row, the header, then the rows. */
  const file = (titles: string[], rows: string[][]) =>
    toWorkbook(
      '导入',
      titles.map((title, i) => ({ title, key: String(i) })),
      rows.map((cells) => Object.fromEntries(cells.map((cell, i) => [String(i), cell]))),
    );
  /** The header and data rows of an export (its first row is the title). */
  const sheetRows = async (path: string) => {
    const sheet = await xlsxSheet(await admin('GET', path));
    return (sheet.getSheetValues().slice(2) as unknown[][]).map((row) => row.slice(1).map((cell) => cell ?? ''));
  };

  it('角色: the stock columns of the filter; an import adds the good rows and names the bad ones', async () => {
    expect(json(await admin('POST', '/sys/role/add', { roleName: '导出角色', roleCode: 'xls_role', description: '说明' })).success).toBe(true);
    expect(await sheetRows('/sys/role/exportXls?roleCode=xls_role')).toEqual([
      ['角色名', '角色编码', '描述'],
      ['导出角色', 'xls_role', '说明'],
    ]);
    const report = await upload(
      '/sys/role/importExcel',
      await file(
        ['角色名', '角色编码', '描述'],
        [
          ['导入角色', 'xls_in', ''],
          ['坏编码', '1bad', ''],
          ['重复', 'xls_role', ''],
        ],
      ),
    );
    expect(report).toMatchObject({ success: true, code: 201, result: { totalCount: 3, successCount: 1, errorCount: 2 } });
    expect(report.result.errors).toEqual([
      { row: 4, message: '角色编码以字母开头，只能包含字母、数字和下划线，长度2-50' },
      { row: 5, message: '角色编码已存在' },
    ]);
    expect(json(await admin('GET', '/sys/role/list?roleCode=xls_in')).result.records).toMatchObject([{ roleName: '导入角色', description: null }]);
  });

  it('职务: 职级 as its dictionary text both ways; `selections` exports the chosen rows only', async () => {
    for (const code of ['xls_p1', 'xls_p2'])
      expect(json(await admin('POST', '/sys/position/add', { code, name: `职务${code}`, postRank: '1' })).success).toBe(true);
    const [first] = json(await admin('GET', '/sys/position/list?code=xls_p1')).result.records;
    const rows = await sheetRows(`/sys/position/exportXls?selections=${first.id}`);
    expect(rows).toEqual([
      ['职务编码', '职务名称', '职级'],
      ['xls_p1', '职务xls_p1', first.postRank_dictText],
    ]);
    const report = await upload(
      '/sys/position/importExcel',
      await file(
        ['职务编码', '职务名称', '职级'],
        [
          ['xls_p3', '导入职务', first.postRank_dictText],
          ['xls_p4', '没有这个职级', '宇宙级'],
          ['xls_p5', '', ''],
        ],
      ),
    );
    expect(report.result).toMatchObject({ totalCount: 3, successCount: 1, errorCount: 2 });
    expect(report.result.errors[0]).toMatchObject({ row: 4, message: expect.stringContaining('职级“宇宙级”无效') });
    expect(report.result.errors[1]).toEqual({ row: 5, message: '请输入职务名称' });
    expect(json(await admin('GET', '/sys/position/list?code=xls_p3')).result.records).toMatchObject([{ name: '导入职务', postRank: '1' }]);
  });

  it('定时任务: 任务类名 and 状态 text; an exported job deleted and imported comes back; an unknown class is refused', async () => {
    const [job] = json(await admin('GET', '/sys/quartzJob/list?jobKey=logRetention')).result.records;
    const exported = await admin('GET', `/sys/quartzJob/exportXls?selections=${job.id}`);
    const sheet = await xlsxSheet(exported);
    expect(sheet.getRow(2).values).toEqual([undefined, '任务类名', 'cron表达式', '参数', '描述', '状态']);
    expect(sheet.getRow(3).getCell(1).value).toBe(job.jobClassName);
    expect(sheet.getRow(3).getCell(5).value).toBe(job.status_dictText);
    // the job is there: importing it again is refused as 新增 refuses it
    expect((await upload('/sys/quartzJob/importExcel', exported.rawPayload)).result.errors).toEqual([{ row: 3, message: QuartzJobMsg.keyTaken }]);
    expect(json(await admin('DELETE', `/sys/quartzJob/delete?id=${job.id}`)).success).toBe(true);
    expect(await upload('/sys/quartzJob/importExcel', exported.rawPayload)).toMatchObject({ success: true, code: 200, result: { successCount: 1 } });
    const [back] = json(await admin('GET', '/sys/quartzJob/list?jobKey=logRetention')).result.records;
    expect(back).toMatchObject({ cronExpression: job.cronExpression, parameter: job.parameter, status: job.status });

    const report = await upload('/sys/quartzJob/importExcel', await file(['任务类名', 'cron表达式'], [['org.example.EvilJob', '0 0 3 * * ?']]));
    expect(report.result.errors).toEqual([{ row: 3, message: QuartzJobMsg.classUnknown('org.example.EvilJob') }]);
  });

  it('填值规则: the stock columns; 规则参数 sets the sequence on import; a code already there is refused', async () => {
    const rows = await sheetRows('/sys/fillRule/exportXls');
    expect(rows[0]).toEqual(['规则名称', '规则Code', '规则实现类', '规则参数', '修改人', '修改时间', '创建人', '创建时间']);
    expect(rows.length).toBeGreaterThan(1);
    const [code] = rows[1].slice(1, 2) as string[];
    const report = await upload(
      '/sys/fillRule/importExcel',
      await file(
        ['规则名称', '规则Code', '规则实现类', '规则参数'],
        [
          ['导入规则', 'xls_rule', 'org.jeecg.modules.system.rule.OrderNumberRule', '{"prefix":"XL","datePattern":"yyyy","resetCycle":"year"}'],
          ['重复', code, '', ''],
          ['坏参数', 'xls_rule2', '', '[1]'],
        ],
      ),
    );
    expect(report.result).toMatchObject({ totalCount: 3, successCount: 1, errorCount: 2 });
    expect(report.result.errors.map((e: { row: number }) => e.row)).toEqual([4, 5]);
    expect(json(await admin('GET', '/sys/fillRule/list?ruleCode=xls_rule')).result.records).toMatchObject([
      { prefix: 'XL', datePattern: 'yyyy', resetCycle: 'year' },
    ]);
  });

  it('分类字典: every level with its parent code; an exported branch imported again is a copy of the tree, a missing parent is reported', async () => {
    const root = json(await admin('POST', '/sys/category/add', { pid: '0', name: '导出根' })).result;
    const child = json(await admin('POST', '/sys/category/add', { pid: root.id, name: '导出子' })).result;
    const exported = await admin('GET', `/sys/category/exportXls?code=${root.code}*`);
    const sheet = await xlsxSheet(exported);
    expect((sheet.getSheetValues().slice(2) as unknown[][]).map((row) => row.slice(1))).toEqual([
      ['类型名称', '类型编码', '父级编码', '是否有子节点(1:有)'],
      ['导出根', root.code, '', '1'],
      ['导出子', child.code, root.code, '0'],
    ]);
    expect(await upload('/sys/category/importExcel', exported.rawPayload)).toMatchObject({ code: 200, result: { successCount: 2 } });
    const copies = await db
      .select()
      .from(sysCategory)
      .where(and(like(sysCategory.name, '导出%'), inArray(sysCategory.name, ['导出根', '导出子'])));
    const copyRoot = copies.find((c) => c.name === '导出根' && c.id !== root.id)!;
    expect(copies.find((c) => c.name === '导出子' && c.id !== child.id)).toMatchObject({ pid: copyRoot.id, code: `${copyRoot.code}A01` });

    const report = await upload('/sys/category/importExcel', await file(['类型名称', '父级编码'], [['孤儿', 'Z99Z99']]));
    expect(report.result.errors).toEqual([{ row: 3, message: '上级分类不存在：Z99Z99' }]);
  });

  it('数据字典: one row per item under its dictionary’s cells; an import adds each new dictionary with its items, a code already there is refused on each of its rows', async () => {
    expect(json(await admin('POST', '/sys/dict/add', { dictName: '导出字典', dictCode: 'xls_dict', description: '说明' })).success).toBe(true);
    const [dict] = json(await admin('GET', '/sys/dict/list?dictCode=xls_dict')).result.records;
    for (const [itemText, itemValue, sortOrder] of [
      ['甲', 'a', 1],
      ['乙', 'b', 2],
    ])
      expect(json(await admin('POST', '/sys/dictItem/add', { dictId: dict.id, itemText, itemValue, sortOrder })).success).toBe(true);
    const exported = await admin('GET', '/sys/dict/exportXls?dictCode=xls_dict');
    const sheet = await xlsxSheet(exported);
    expect((sheet.getSheetValues().slice(2) as unknown[][]).map((row) => row.slice(1).map((cell) => cell ?? ''))).toEqual([
      ['字典名称', '字典编码', '描述', '字典项文本', '字典项值', '字典项描述', '排序'],
      ['导出字典', 'xls_dict', '说明', '甲', 'a', '', 1],
      ['导出字典', 'xls_dict', '说明', '乙', 'b', '', 2],
    ]);
    expect((await upload('/sys/dict/importExcel', exported.rawPayload)).result.errors).toEqual([
      { row: 3, message: DictMsg.codeTaken },
      { row: 4, message: DictMsg.codeTaken },
    ]);

    const report = await upload(
      '/sys/dict/importExcel',
      await file(
        ['字典名称', '字典编码', '字典项文本', '字典项值', '排序'],
        [
          ['导入字典', 'xls_in', '一', '1', '1'],
          ['导入字典', 'xls_in', '二', '2', '2'],
          ['导入字典', 'xls_in', '重复值', '2', '3'],
          ['空字典', 'xls_empty', '', '', ''],
          ['坏编码', '9bad', '', '', ''],
        ],
      ),
    );
    expect(report.result).toMatchObject({ totalCount: 5, successCount: 3, errorCount: 2 });
    expect(report.result.errors).toEqual([
      { row: 5, message: DictMsg.itemValueTaken },
      { row: 7, message: DictMsg.codeFormat },
    ]);
    const items = json(await admin('GET', '/sys/dict/getDictItems/xls_in')).result;
    expect(items.map((i: { text: string }) => i.text)).toEqual(['一', '二']);
    expect(json(await admin('GET', '/sys/dict/list?dictCode=xls_empty')).result.records).toHaveLength(1);
  });

  it('部门: the stock columns by code, 机构类别 as text; an exported branch imported again is placed by its 机构编码, a missing parent is reported', async () => {
    const rootId = json(await admin('POST', '/sys/sysDepart/add', { departName: '导出公司', orgCategory: '1', mobile: '010-1234567' })).result;
    const childId = json(await admin('POST', '/sys/sysDepart/add', { parentId: rootId, departName: '导出部', orgCategory: '2' })).result;
    const code = async (id: string) => (await db.select({ orgCode: sysDepart.orgCode }).from(sysDepart).where(eq(sysDepart.id, id)))[0].orgCode;
    const [rootCode, childCode] = [await code(rootId), await code(childId)];
    const exported = await admin('GET', `/sys/sysDepart/exportXls?orgCode=${rootCode}*`);
    const sheet = await xlsxSheet(exported);
    expect((sheet.getSheetValues().slice(2) as unknown[][]).map((row) => row.slice(1).map((cell) => cell ?? ''))).toEqual([
      ['机构/部门名称', '英文名', '排序', '描述', '机构类别', '机构编码', '手机号', '传真', '地址', '备注'],
      ['导出公司', '', 0, '', '公司', rootCode, '010-1234567', '', '', ''],
      ['导出部', '', 0, '', '部门', childCode, '', '', '', ''],
    ]);
    expect(await upload('/sys/sysDepart/importExcel', exported.rawPayload)).toMatchObject({ code: 200, result: { successCount: 2 } });
    const copies = await db
      .select()
      .from(sysDepart)
      .where(inArray(sysDepart.departName, ['导出公司', '导出部']));
    const copyRoot = copies.find((d) => d.departName === '导出公司' && d.id !== rootId)!;
    expect(copies.find((d) => d.departName === '导出部' && d.id !== childId)).toMatchObject({ parentId: copyRoot.id, orgCategory: '2' });

    const report = await upload(
      '/sys/sysDepart/importExcel',
      await file(
        ['机构/部门名称', '机构类别', '机构编码'],
        [
          ['孤儿部', '部门', 'Z99Z99'],
          ['怪类别', '集团', ''],
        ],
      ),
    );
    expect(report.result.errors).toEqual([
      { row: 3, message: '上级部门不存在：机构编码 Z99' },
      { row: 4, message: expect.stringContaining('机构类别“集团”无效') },
    ]);
  });

  const excelCodes = [RolePerm, DepartPerm, PositionPerm, DictPerm, CategoryPerm, QuartzJobPerm, FillRulePerm].flatMap((perm) => [perm.export, perm.import]);
  const adminHolds = async () =>
    (
      await db
        .select({ id: sysRolePermission.permissionId })
        .from(sysRolePermission)
        .where(and(eq(sysRolePermission.roleId, RoleId.admin), inArray(sysRolePermission.permissionId, excelCodes.map(buttonId))))
    ).length;

  it('the 导出 / 导入 codes are the administrator’s on a fresh database, and on one seeded before them at its next start', async () => {
    expect(await adminHolds()).toBe(excelCodes.length);
    await db.delete(sysPermission).where(inArray(sysPermission.id, excelCodes.map(buttonId)));
    await db.delete(sysRolePermission).where(inArray(sysRolePermission.permissionId, excelCodes.map(buttonId)));
    const units = ['role', 'depart', 'position', 'dict', 'category', 'quartzJob', 'fillRule'].map((key) => `menu:system:${key}:v2`);
    await db.delete(sysSeed).where(inArray(sysSeed.key, units));
    expect((await runSeeds(db, { adminPassword: null, seedDemo: false, announce: () => undefined })).sort()).toEqual([...units].sort());
    expect(await adminHolds()).toBe(excelCodes.length);
    const [button] = await db
      .select()
      .from(sysPermission)
      .where(eq(sysPermission.id, buttonId(RolePerm.export)));
    expect(button).toMatchObject({ parentId: 'menu:isystem:role', name: '角色-导出', menuType: 2 });
  });
});
