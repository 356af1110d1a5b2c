import { button, test } from '../support/app.ts';
import { apiToken, dialog, expect, row, signIn, SYSTEM_TEST_TIMEOUT, toast, unique } from '../support/system.ts';
import { choose, confirmInPopup, dropdown, saveNew, searchOne, settled, snap } from '../support/system-data.ts';

test.use({ viewport: { width: 1440, height: 900 } });

test.describe('分类字典、填值规则、校验规则、表字典登记', () => {
  test.describe.configure({ timeout: SYSTEM_TEST_TIMEOUT });

  test('JEECG-API §4.5 分类字典: a root and a child are added with codes generated per level, children load when opened, edited, and a parent with children is kept', async ({
    page,
  }, testInfo) => {
    const name = `端到端分类${unique('')}`;
    const childName = `端到端子类${unique('')}`;
    await signIn(page);
    await page.goto('/isystem/category');
    await expect(row(page, '侵权证据类型')).toBeVisible();

    // a seeded root loads its children when opened
    await row(page, '侵权证据类型').getByRole('button', { name: /展开/ }).click();
    await expect(row(page, '公证购买')).toContainText('A01A01');

    await button(page, '新增').click();
    const add = dialog(page, '新增分类');
    await add.getByLabel('分类名称').fill(name);
    await saveNew(page, add);

    await searchOne(page, '请输入分类名称', name);
    const root = row(page, name);
    const rootCode = (await root.locator('td').nth(2).textContent())!.trim();
    expect(rootCode).toMatch(/^[A-Z]\d{2}$/);

    await root.getByRole('button', { name: '添加下级' }).click();
    const child = dialog(page, '添加下级分类');
    await expect(child.getByLabel('上级分类')).toHaveValue(`${name}（${rootCode}）`);
    await child.getByLabel('分类名称').fill(childName);
    await saveNew(page, child);
    await expect(row(page, childName)).toContainText(`${rootCode}A01`);
    await snap(page, testInfo, 'system-category-tree');

    await row(page, childName).getByRole('button', { name: '编辑' }).click();
    const edit = dialog(page, '编辑分类');
    await expect(edit.getByLabel('分类编码')).toBeDisabled();
    await edit.getByLabel('分类名称').fill(`${childName}改`);
    await button(edit, '确定').click();
    await toast(page, '编辑成功!');
    await expect(edit).toBeHidden();
    await expect(row(page, `${childName}改`)).toBeVisible();

    // a parent with children is kept; the child goes first
    await root.getByRole('button', { name: '删除' }).click();
    await confirmInPopup(page);
    await toast(page, '该分类下还有子分类，请先删除子分类');
    await row(page, `${childName}改`).getByRole('button', { name: '删除' }).click();
    await confirmInPopup(page);
    await toast(page, '删除成功!');
    await expect(row(page, `${childName}改`)).toHaveCount(0);
  });

  test('JEECG-API §4.5 填值规则: the date/reset combination is checked, and 功能测试 shows the next number the server issues, one after the other', async ({
    page,
  }, testInfo) => {
    const code = unique('e2ef_');
    await signIn(page);
    await page.goto('/isystem/fillRule');
    await expect(row(page, 'threaded_code')).toContainText('XS');
    await snap(page, testInfo, 'system-fill-rule-list', true);
    await button(page, '新增').click();
    const add = dialog(page, '新增填值规则');
    await add.getByLabel('规则名称').fill('端到端编号');
    await add.getByLabel('规则编码').fill(code);
    await add.getByLabel('前缀').fill('EE');
    await choose(page, add.getByLabel('日期格式'), '不含日期');
    // a daily reset without the day in the number would repeat numbers
    await expect(add.getByText('按日重置时日期格式须为 yyyyMMdd，否则编号会重复')).toBeVisible();
    await choose(page, add.getByLabel('重置周期'), '不重置');
    await expect(add.getByText('按日重置时日期格式须为 yyyyMMdd，否则编号会重复')).toBeHidden();
    await add.getByLabel('流水号位数').fill('4');
    await add.getByLabel('规则名称').click();
    await expect(add.getByText('EE0001')).toBeVisible();
    await snap(page, testInfo, 'system-fill-rule-add');
    await saveNew(page, add);

    await searchOne(page, '请输入规则编码', code);
    for (const expected of ['EE0001', 'EE0002']) {
      await row(page, code).getByRole('button', { name: '功能测试' }).click();
      const result = page.getByRole('dialog').filter({ hasText: '生成的编号' });
      await expect(result).toContainText(expected);
      if (expected === 'EE0001') await snap(page, testInfo, 'system-fill-rule-test');
      await button(result, '知道了').click();
      await expect(result).toBeHidden();
    }
  });

  test('§7 checks: 校验规则 功能测试 answers the failing rule message; a rule with a catastrophic regex is refused as the server words it', async ({
    page,
  }, testInfo) => {
    const code = unique('e2ec_');
    await signIn(page);
    await page.goto('/isystem/checkRule');

    // the seeded JeecgBoot rule `common`
    await expect(row(page, 'common')).toContainText('通用编码规则');
    await snap(page, testInfo, 'system-check-rule-list', true);
    await row(page, 'common').getByRole('button', { name: '功能测试' }).click();
    const test1 = page.getByRole('dialog', { name: /功能测试/ });
    await test1.getByLabel('校验值').fill('1abc');
    await button(test1, '测试').click();
    await expect(test1.getByText('第一位只能是字母')).toBeVisible();
    await test1.getByLabel('校验值').fill('abc_1');
    await button(test1, '测试').click();
    await expect(test1.getByText('校验通过')).toBeVisible();
    await button(test1.locator('.ant-modal-footer'), '关闭').click();
    await expect(test1).toBeHidden();

    await button(page, '新增').click();
    const add = dialog(page, '新增校验规则');
    await add.getByLabel('规则名称').fill('端到端长度');
    await add.getByLabel('规则编码').fill(code);
    await add.getByLabel('第1条规则的正则表达式').fill('(a+)+');
    await add.getByLabel('第1条规则的提示文本').fill('只能是字母a');
    await button(add, '添加规则').click();
    await choose(page, add.getByLabel('第2条规则的类型'), '长度范围');
    await add.getByLabel('第2条规则的最小长度').fill('2');
    await add.getByLabel('第2条规则的最大长度').fill('4');
    await add.getByLabel('第2条规则的提示文本').fill('长度须为2到4位');
    await expect(add.getByText(/第\d+条规则：/)).toHaveCount(0);
    await snap(page, testInfo, 'system-check-rule-add');
    await button(add, '确定').click();
    await toast(page, '第1条规则的正则表达式存在灾难性回溯风险（对某些输入耗时过长），请简化后再保存');

    await add.getByLabel('第1条规则的正则表达式').fill('^a+$');
    await saveNew(page, add);

    await searchOne(page, '请输入规则编码', code);
    await row(page, code).getByRole('button', { name: '功能测试' }).click();
    const test2 = page.getByRole('dialog', { name: /功能测试/ });
    await test2.getByLabel('校验值').fill('aaaaa');
    await button(test2, '测试').click();
    await expect(test2.getByText('长度须为2到4位')).toBeVisible();
    await test2.getByLabel('校验值').fill('aab');
    await button(test2, '测试').click();
    await expect(test2.getByText('只能是字母a')).toBeVisible();
    await test2.getByLabel('校验值').fill('aaa');
    await button(test2, '测试').click();
    await expect(test2.getByText('校验通过')).toBeVisible();
    await snap(page, testInfo, 'system-check-rule-test');
    await button(test2.locator('.ant-modal-footer'), '关闭').click();
    await expect(test2).toBeHidden();

    // the length item comes back as a length item
    await row(page, code).getByRole('button', { name: '编辑' }).click();
    const edit = dialog(page, '编辑校验规则');
    await expect(edit.getByLabel('第2条规则的最大长度')).toHaveValue('4');
    await button(edit, '取消').click();
    await expect(edit).toBeHidden();
  });

  test('JEECG-API §5.3 table dictionaries: one registered from the allow-list resolves (预览 searches it), a second alike is refused, deleted it is refused again', async ({
    page,
    request,
  }, testInfo) => {
    const token = await apiToken(request);
    const dictCode = 'sys_dict,dict_name,dict_code';
    const load = () =>
      request
        .get(`/jeecg-boot/sys/dict/loadDict/${encodeURIComponent(dictCode)}`, { params: { keyword: '性别' }, headers: { 'X-Access-Token': token } })
        .then((r) => r.json());
    await signIn(page);
    await page.goto('/isystem/tableDict');
    await expect(row(page, 'sys_user,realname,username')).toBeVisible();
    await snap(page, testInfo, 'system-table-dict-list', true);
    // not registered yet: refused
    expect((await load()).success).toBe(false);

    for (const attempt of [1, 2]) {
      await button(page, '新增').click();
      const add = dialog(page, '新增表字典');
      await expect(add.getByLabel('文本字段')).toBeDisabled();
      await choose(page, add.getByLabel('表名'), 'sys_dict');
      await choose(page, add.getByLabel('文本字段'), 'dict_name');
      await choose(page, add.getByLabel('编码字段'), 'dict_code');
      await choose(page, add.getByLabel('过滤条件'), '未删除的字典（not_deleted）');
      await add.getByLabel('描述').fill('数据字典（编码 → 名称）');
      if (attempt === 1) await snap(page, testInfo, 'system-table-dict-add');
      await button(add, '确定').click();
      if (attempt === 1) {
        await toast(page, '添加成功！');
        await expect(add).toBeHidden();
      } else {
        await toast(page, '该表字典已登记');
        await button(add, '取消').click();
        await expect(add).toBeHidden();
      }
    }
    await expect(row(page, dictCode)).toContainText('未删除的字典');
    expect((await load()).result).toContainEqual({ value: 'sex', text: '性别', title: '性别' });

    // 预览: the registration as a form's searchable select uses it (loadDict?keyword=, 300 ms after typing)
    await row(page, dictCode).getByRole('button', { name: '预览' }).click();
    const preview = dialog(page, `预览：${dictCode}`);
    const select = preview.getByLabel('表字典预览');
    await select.click();
    await select.pressSequentially('性别');
    await expect(settled(page).getByTitle('性别', { exact: true })).toBeVisible();
    await expect(settled(page).getByTitle('用户状态', { exact: true })).toHaveCount(0);
    await snap(page, testInfo, 'system-table-dict-preview');
    await settled(page).getByTitle('性别', { exact: true }).click();
    await expect(dropdown(page)).toHaveCount(0);
    await expect(preview.getByText('sex', { exact: true })).toBeVisible();
    await button(preview.locator('.ant-modal-footer'), '关闭').click();
    await expect(preview).toBeHidden();

    await row(page, dictCode).getByRole('button', { name: '删除' }).click();
    await confirmInPopup(page);
    await toast(page, '删除成功!');
    await expect(row(page, dictCode)).toHaveCount(0);
    expect((await load()).success).toBe(false);
  });
});
