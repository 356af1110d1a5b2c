import fs from 'node:fs';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { button, test } from '../support/app.ts';
import { draftBatch, poolOf, readyForBatch, submittedBatchViaApi } from '../support/batch.ts';
import { apiCall, contextFor, createReviewer, fileInputOf, formItem, pdfFile, shot, unique } from '../support/rights.ts';
import { choose, confirmInPopup, typeInto } from '../support/system-data.ts';
import { dialog, expect, row, toast } from '../support/system.ts';

type ItemRow = Partial<Record<'侵权链接' | '店铺名称' | '经营者' | '所在地' | '涉案商品' | '价格' | '备注', string>>;

/** The template as 导入明细 downloads it, with `rows` written under its header; answers the file and the header's row number. */
async function filledTemplate(template: Buffer, rows: ItemRow[]): Promise<{ buffer: Buffer; headerRow: number }> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(template as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  let headerRow = 0;
  const columnOf = new Map<string, number>();
  sheet.eachRow((r, n) => {
    if (headerRow) return;
    r.eachCell((cell, col) => columnOf.set(String(cell.value).replace(/^\*/, ''), col));
    if (columnOf.has('侵权链接')) headerRow = n;
    else columnOf.clear();
  });
  expect(headerRow, 'the template has a header with 侵权链接').toBeGreaterThan(0);
  expect([...columnOf.keys()]).toEqual(expect.arrayContaining(['侵权链接', '店铺名称', '经营者', '所在地', '涉案商品', '价格', '备注']));
  rows.forEach((values, i) => {
    const target = sheet.getRow(headerRow + 1 + i);
    for (const [title, value] of Object.entries(values)) target.getCell(columnOf.get(title)!).value = value;
    target.commit();
  });
  return { buffer: Buffer.from(await book.xlsx.writeBuffer()), headerRow };
}

/** 待我审批, loaded afresh (what waits for this user now). */
async function openTodo(page: Page) {
  await page.goto('/rights/approval/todo');
  // loaded: rows or the empty placeholder, and no spinner, so that an absent row is really absent
  await expect(page.locator('.ant-table-tbody').locator('.ant-table-row, .ant-table-placeholder').first()).toBeVisible();
  await expect(page.locator('.ant-table .ant-spin-spinning')).toHaveCount(0);
}

/** The rows of the batch page's 审批记录 tab, oldest first. */
const decisionRows = (page: Page) =>
  page
    .getByRole('tabpanel', { name: '审批记录' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

test.describe('线索批次 end to end (DOMAIN clue batch flow)', () => {
  test.describe.configure({ timeout: 180_000 });

  test('items imported from the template (a sheet with a bad row is refused whole), 退回补正 with an opinion reaches the organisation, which fixes and resubmits; 初审 then 复审 by another reviewer freezes the approved amount', async ({
    browser,
    request,
    baseURL,
  }, testInfo) => {
    const markName = unique('导入商标');
    const poolName = unique('复审资金');
    const batchName = unique('拼多多假冒线索');
    // 3 clues × 20,000 = 60,000 yuan, above the 50,000 复审 threshold (DOMAIN clue batch flow: 初审 then 复审)
    const pool = { totalAmount: '500000', subsidyPerCase: '20000', orgCap: '200000' };
    const { org, financeToken, poolId } = await readyForBatch(request, { markName, poolName, pool });
    const secondReviewer = await createReviewer(request);

    const agent = await contextFor(browser, org.username, baseURL!, '10.83.0.1');
    const batchId = await draftBatch(agent, { batchName, markName, poolName, platform: '拼多多' });

    // 导入明细: the template comes from the dialog, is filled here and sent back.
    await button(agent, '导入明细').click();
    const importer = dialog(agent, '导入线索明细');
    const downloading = agent.waitForEvent('download');
    await button(importer, '下载模板').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('线索明细导入模板.xlsx');
    const template = fs.readFileSync(await download.path());
    const upload = importer.locator('input[type=file]');

    const good: ItemRow[] = [
      {
        侵权链接: 'https://mobile.yangkeduo.com/goods.html?goods_id=701',
        店铺名称: '仿牌折扣店',
        经营者: '李四',
        所在地: '广东广州',
        涉案商品: '运动鞋',
        价格: '89.90',
      },
      { 侵权链接: 'https://mobile.yangkeduo.com/goods.html?goods_id=702', 店铺名称: '尾货清仓店' },
      { 侵权链接: 'https://mobile.yangkeduo.com/goods.html?goods_id=703', 备注: '同一经营者的第二家店' },
    ];
    const bad = await filledTemplate(template, [good[0], { 侵权链接: 'mobile.yangkeduo.com/goods_id=704' }, good[0]]);
    await upload.setInputFiles({ name: '线索明细-有错误.xlsx', mimeType: XLSX, buffer: bad.buffer });
    const report = importer.getByRole('region', { name: '导入结果' });
    await expect(report).toContainText('导入失败：2 行有错误，全部未导入，请修改后重新导入');
    await expect(report).toContainText(`第 ${bad.headerRow + 2} 行：侵权链接应为 http:// 或 https:// 开头的网址`);
    await expect(report).toContainText(`第 ${bad.headerRow + 3} 行：侵权链接重复：${good[0].侵权链接}`);
    await expect(agent.getByRole('tab', { name: '线索明细（0）' })).toBeVisible();

    const fixed = await filledTemplate(template, good);
    await upload.setInputFiles({ name: '线索明细.xlsx', mimeType: XLSX, buffer: fixed.buffer });
    await toast(agent, '导入成功：3 条线索明细');
    await expect(importer).toBeHidden();
    await expect(agent.getByRole('tab', { name: '线索明细（3）' })).toBeVisible();
    await expect(row(agent, 'goods_id=701')).toContainText('仿牌折扣店');
    await expect(row(agent, 'goods_id=701')).toContainText('89.90');
    await expect(row(agent, 'goods_id=703')).toContainText('同一经营者的第二家店');

    await agent.getByRole('tab', { name: '基本信息' }).click();
    await expect(agent.locator('.batch-detail')).toContainText('60,000.00 元');
    await button(agent, '提交').click();
    await confirmInPopup(agent);
    await toast(agent, '已提交审核');
    await expect(agent.locator('.batch-detail-head')).toContainText('待审核');

    // The reviewer finds it in 待我审批 (初审) and returns it with an opinion.
    const reviewer = await contextFor(browser, org.reviewer, baseURL!, '10.83.0.2');
    await reviewer.setViewportSize({ width: 1440, height: 900 });
    await openTodo(reviewer);
    const waiting = row(reviewer, batchName);
    await expect(waiting).toContainText('线索批次');
    await expect(waiting).toContainText('初审');
    await expect(waiting).toContainText(org.orgName);
    // 事项 leads to the batch itself
    await expect(waiting.getByRole('link', { name: new RegExp(batchName) })).toHaveAttribute('href', `/rights/batch/detail/${batchId}`);
    await waiting.getByRole('button', { name: '审批' }).click();
    let review = dialog(reviewer, /^初审：XS\d{11}/);
    await expect(review).toContainText('60,000.00');
    await review.getByText('退回补正', { exact: true }).click();
    await button(review, '提交').click();
    await expect(review.getByText('驳回或退回时请填写审核意见')).toBeVisible();
    const opinion = '第2条线索缺少经营者信息，请补充后重新提交';
    await formItem(review, '审核意见').locator('textarea').fill(opinion);
    await button(review, '提交').click();
    await toast(reviewer, '已退回补正');
    await expect(review).toBeHidden();
    await expect(row(reviewer, batchName)).toHaveCount(0);
    // issue 36: the reviewer opening the batch reads where it stands, not the order addressed to the organisation
    await reviewer.goto(`/rights/batch/detail/${batchId}`);
    await expect(reviewer.locator('.batch-detail .batch-returned-alert')).toContainText('该批次已退回机构补正，等待机构按审核意见修改后重新提交');
    await expect(reviewer.locator('.batch-detail .batch-returned-alert')).toContainText(`审核意见：${opinion}`);

    // The organisation reads the notice in the bell, with the opinion, and goes to the batch from it.
    await agent.getByRole('button', { name: /^消息通知/ }).click();
    const panel = agent.getByTestId('notice-panel');
    await panel.getByRole('tab', { name: /^系统消息/ }).click();
    const item = panel.getByRole('button', { name: new RegExp(`线索批次审核已退回补正：XS\\d{11} ${batchName}`) });
    await expect(item).toBeVisible({ timeout: 15_000 });
    await item.click();
    const notice = dialog(agent, '通知消息');
    await expect(notice).toContainText(`审核意见：${opinion}`);
    await button(notice, '去处理').click();
    await expect(agent).toHaveURL(new RegExp(`/rights/batch/detail/${batchId}`));
    await expect(agent.locator('.batch-detail-head')).toContainText('退回补正');
    // The reason is a banner at the top of the page and of the edit form, at 1440 and 375 px; the batch
    // offers 撤销 (it has a review history) and no 删除 (only a 草稿 is deleted).
    for (const width of [1440, 375]) {
      await agent.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      const banner = agent.locator('.batch-detail .batch-returned-alert');
      await expect(banner).toBeVisible();
      await expect(banner).toContainText(`审核意见：${opinion}`);
      const head = agent.locator('.batch-detail-head');
      await expect(button(head, '撤销')).toBeVisible();
      await expect(button(head, '删除')).toHaveCount(0);
      await agent.screenshot({ path: shot(testInfo, `batch-returned-${width}`) });
      await button(head, '编辑').click();
      const edit = dialog(agent, /^编辑线索批次：XS\d{11}/);
      await expect(edit.locator('.batch-returned-alert')).toContainText(`审核意见：${opinion}`);
      await agent.screenshot({ path: shot(testInfo, `batch-returned-edit-${width}`) });
      await button(edit, '取消').click();
      await expect(edit).toBeHidden();
    }
    await agent.setViewportSize({ width: 1440, height: 900 });

    // It fills in the missing operator in the editable grid and resubmits.
    await agent.getByRole('tab', { name: /线索明细/ }).click();
    await button(agent, '编辑明细').click();
    const grid = dialog(agent, '编辑线索明细');
    await typeInto(grid, grid.locator('[data-row-id]').filter({ hasText: 'goods_id=702' }).locator('[data-key="operator"]'), '经营者', '王五');
    await button(grid, '保存').click();
    await toast(agent, '线索明细已保存');
    await expect(grid).toBeHidden();
    await expect(row(agent, 'goods_id=702')).toContainText('王五');
    await button(agent, '提交').click();
    await confirmInPopup(agent);
    await toast(agent, '已提交审核');
    await expect(agent.locator('.batch-detail-head')).toContainText('待审核');

    // 初审 passes it on to 复审; the first reviewer no longer has it, a second reviewer does.
    await openTodo(reviewer);
    await row(reviewer, batchName).getByRole('button', { name: '审批' }).click();
    review = dialog(reviewer, /^初审：XS\d{11}/);
    await expect(review).toContainText('申请金额超过复审金额标准，初审通过后转复审');
    await expect(formItem(review, '核定金额（元）')).toHaveCount(0);
    await formItem(review, '审核意见').locator('textarea').fill('经营者已补充，线索属实');
    await button(review, '提交').click();
    await toast(reviewer, '初审通过，已转复审');
    await expect(review).toBeHidden();
    await expect(row(reviewer, batchName)).toHaveCount(0);
    await openTodo(reviewer);
    await expect(reviewer.locator('.ant-table-tbody')).not.toContainText(batchName);
    expect((await poolOf(request, financeToken, poolId)).frozenAmount).toBe('0.00');

    const second = await contextFor(browser, secondReviewer, baseURL!, '10.83.0.3');
    await second.setViewportSize({ width: 1440, height: 900 });
    await openTodo(second);
    const again = row(second, batchName);
    await expect(again).toContainText('复审');
    await again.getByRole('button', { name: '审批' }).click();
    review = dialog(second, /^复审：XS\d{11}/);
    // 复审 decides with 初审's decision in view
    await expect(review).toContainText('初审通过金额（元）60,000.00');
    await expect(review).toContainText('初审意见经营者已补充，线索属实');
    const amount = formItem(review, '核定金额（元）').locator('input');
    await expect(amount).toHaveValue('60000.00');
    await amount.fill('55000');
    await button(review, '提交').click();
    await toast(second, '审核通过，核定金额已冻结');
    await expect(review).toBeHidden();
    await expect(row(second, batchName)).toHaveCount(0);
    await openTodo(second);
    await expect(second.locator('.ant-table-tbody')).not.toContainText(batchName);

    expect(await poolOf(request, financeToken, poolId)).toMatchObject({ frozenAmount: '55000.00', balanceAmount: '445000.00' });

    // The batch's 审批记录 lists every decision, in order, with its node, result, opinion and approver.
    await agent.reload();
    await expect(agent.locator('.batch-detail-head')).toContainText('待维权');
    await agent.getByRole('tab', { name: '审批记录' }).click();
    const records = decisionRows(agent);
    await expect(records).toHaveCount(3);
    await expect(records.nth(0)).toContainText('初审');
    await expect(records.nth(0)).toContainText('退回补正');
    await expect(records.nth(0)).toContainText(opinion);
    await expect(records.nth(1)).toContainText('初审');
    await expect(records.nth(1)).toContainText('通过');
    await expect(records.nth(2)).toContainText('复审');
    await expect(records.nth(2)).toContainText('通过');
    await expect(button(agent, '开始维权')).toBeVisible();
    await reviewer.context().close();
    await second.context().close();
    await agent.context().close();
  });

  test('the organisation starts enforcement, records progress with a document, applies for closure; the reviewer closes it from 待我审批, every decision is on record and the page shows 报销申请截止', async ({
    browser,
    request,
    baseURL,
  }) => {
    const { org, reviewerToken, financeToken, rightId, poolId } = await readyForBatch(request, { markName: unique('进度商标'), poolName: unique('进度资金') });
    const batchName = unique('京东线索');
    const batchId = await submittedBatchViaApi(request, org.token, {
      batchName,
      rightId,
      poolId,
      infringeType: '2',
      platform: '3',
      items: [{ linkUrl: 'https://item.jd.com/801.html' }, { linkUrl: 'https://item.jd.com/802.html' }],
    });
    await apiCall(request, reviewerToken, 'POST', '/rights/threaded/review', { id: batchId, result: 'pass', opinion: null, approvedAmount: '1000' });
    expect((await poolOf(request, financeToken, poolId)).frozenAmount).toBe('1000.00');

    const agent = await contextFor(browser, org.username, baseURL!, '10.83.0.4');
    await agent.setViewportSize({ width: 1440, height: 900 });
    await agent.goto(`/rights/batch/detail/${batchId}`);
    await button(agent, '开始维权').click();
    await confirmInPopup(agent);
    await toast(agent, '已开始维权');
    await expect(agent.locator('.batch-detail-head')).toContainText('维权中');

    // 添加进度 with a notarial certificate attached: the timeline shows the step and links the file.
    await agent.getByRole('tab', { name: '维权进度' }).click();
    await button(agent, '添加进度').click();
    const progress = dialog(agent, '添加进度');
    await choose(agent, formItem(progress, '进度节点').locator('.ant-select'), '提交投诉');
    await formItem(progress, '进度说明').locator('textarea').fill('已向京东平台提交投诉，附公证书');
    await fileInputOf(progress, '附件').setInputFiles({ name: 'notary-801.pdf', mimeType: 'application/pdf', buffer: pdfFile('Notarial certificate') });
    await expect(progress.locator('.ant-upload-list-item-done')).toHaveCount(1);
    await button(progress, '保存').click();
    await toast(agent, '进度已记录');
    await expect(progress).toBeHidden();
    const step = agent.locator('.batch-progress-item');
    await expect(step).toContainText('提交投诉');
    await expect(step).toContainText('已向京东平台提交投诉，附公证书');
    // stored under a name of its own: the link is found by where it points
    const attachment = step.locator('a[href*="/rights_threaded/"][href$=".pdf"]');
    await expect(attachment).toBeVisible();
    const href = await attachment.getAttribute('href');
    const served = await agent.request.get(new URL(href!, baseURL).toString());
    expect(served.status()).toBe(200);
    expect((await served.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // One clue won, one lost: closure keeps the freeze for the claims (DOMAIN clue batch flow).
    await agent.getByRole('tab', { name: /线索明细/ }).click();
    for (const [link, outcome] of [
      ['801', '成功'],
      ['802', '失败'],
    ] as const) {
      await row(agent, link).getByText('处理结果').click();
      const result = dialog(agent, /处理结果/);
      await choose(agent, formItem(result, '状态').locator('.ant-select'), outcome);
      await button(result, '保存').click();
      await toast(agent, '线索明细已保存');
      await expect(row(agent, link)).toContainText(outcome);
    }
    await button(agent, '申请结案').click();
    const closure = dialog(agent, /申请结案/);
    await formItem(closure, '结案说明').locator('textarea').fill('801 号链接已下架，802 号平台未支持');
    await button(closure, '提交结案申请').click();
    await toast(agent, '已申请结案，请等待协会审核');
    await expect(agent.locator('.batch-detail-head')).toContainText('待结案审核');

    const reviewer = await contextFor(browser, org.reviewer, baseURL!, '10.83.0.5');
    await reviewer.setViewportSize({ width: 1440, height: 900 });
    await openTodo(reviewer);
    const todo = row(reviewer, batchName);
    await expect(todo).toContainText('结案');
    await todo.getByRole('button', { name: '审批' }).click();
    const review = dialog(reviewer, /^结案审核：/);
    await expect(review).toContainText('50.00%');
    await expect(review).toContainText('801 号链接已下架，802 号平台未支持');
    await button(review, '提交').click();
    await toast(reviewer, '已结案');
    await expect(review).toBeHidden();
    await expect(row(reviewer, batchName)).toHaveCount(0);
    await openTodo(reviewer);
    await expect(reviewer.locator('.ant-table-tbody')).not.toContainText(batchName);
    expect((await poolOf(request, financeToken, poolId)).frozenAmount).toBe('1000.00');

    // The reviewer's 审批记录 has both decisions on the batch; the organisation's page shows them too.
    // staff see every decision and the specs beside this one add theirs: searched by 事项, not read off page 1
    await reviewer.goto('/rights/approval/list');
    await reviewer.getByRole('button', { name: /展开/ }).click();
    await reviewer.getByPlaceholder('请输入事项').fill(batchName);
    await button(reviewer, '查询').click();
    const decisions = row(reviewer, batchName);
    await expect(decisions).toHaveCount(2);
    await expect(decisions.filter({ hasText: '结案' })).toContainText('通过');
    await expect(decisions.filter({ hasText: '线索批次' })).toContainText('初审');

    await agent.reload();
    await expect(agent.locator('.batch-detail-head')).toContainText('已结案');
    // DOMAIN claim flow 报销申请期限: claims may be filed within 90 days of the closure (China date)
    const deadline = new Date(Date.now() + 8 * 3600_000 + 90 * 86_400_000).toISOString().slice(0, 10);
    await expect(agent.locator('.ant-descriptions-row').filter({ hasText: '报销申请截止' })).toContainText(`${deadline}（结案后 90 天）`);
    await agent.getByRole('tab', { name: '审批记录' }).click();
    const records = decisionRows(agent);
    await expect(records).toHaveCount(2);
    await expect(records.nth(1)).toContainText('结案');
    await agent.getByRole('tab', { name: '维权进度' }).click();
    await expect(agent.locator('.batch-progress-item a[href$=".pdf"]')).toBeVisible();
    await reviewer.context().close();
    await agent.context().close();
  });
});
