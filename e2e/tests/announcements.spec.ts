import type { Locator, Page, WebSocket } from '@playwright/test';
import { ADMIN, button, test, newContext, expectFitsWidth } from '../support/app.ts';
import {
  apiCall,
  apiToken,
  confirmPopup,
  createUser,
  dialog,
  expect,
  row,
  shot,
  signIn,
  signInAs,
  SYSTEM_TEST_TIMEOUT,
  toast,
  unique,
} from '../support/system.ts';

/** Seeded ids (packages/server/src/seed): 协会审核员 and 维权工作部. */
const REVIEWER_ROLE = 'r0000000000000000000000000000001';
const RIGHTS_DEPT = 'd000000000000000000000000000a102';
const EXPENSE_REMINDER = '温馨提示：请在“付款管理”菜单中上传报销信息。';

const bell = (page: Page) => page.getByRole('button', { name: /^消息通知/ });
const noticePanel = (page: Page) => page.getByTestId('notice-panel');
/** Waits out a popover's or dialog's opening animation (for screenshots that show it as a person sees it). */
const settled = (locator: Locator) => expect(locator).not.toHaveClass(/-(appear|enter|leave)/);
const popover = (page: Page) => page.locator('.notice-popover');
/** The footer's 关闭 (the × in the corner is also named 关闭). */
const closeButton = (modal: Locator) => button(modal.locator('.ant-modal-footer'), '关闭');

/** The notification socket of a page, and the cmd/msgId of every frame it received. */
function watchNoticeSocket(page: Page) {
  const frames: { cmd?: string; msgId?: string; msgTxt?: string }[] = [];
  let socket: WebSocket | null = null;
  page.on('websocket', (ws) => {
    if (!ws.url().includes('/websocket/')) return;
    socket = ws;
    ws.on('framereceived', (frame) => {
      try {
        frames.push(JSON.parse(String(frame.payload)));
      } catch {
        // not JSON: not a notice
      }
    });
  });
  return { frames, socket: () => socket };
}

test.describe('通告与消息 (spec §7 notifications)', () => {
  test.describe.configure({ timeout: SYSTEM_TEST_TIMEOUT });
  test.use({ viewport: { width: 1440, height: 900 } });

  test("§2 §4 §7 a notice released through 通告管理 to a chosen user reaches that user's open bell over the socket, without a reload; it opens, 去处理 navigates, it is marked read and 我的消息 shows it read", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const token = await apiToken(page.request);
    const username = unique('ann');
    await createUser(page.request, token, username, { realname: '消息接收人', roleIds: [REVIEWER_ROLE], departIds: [RIGHTS_DEPT] });
    const title = unique('请补充报销材料');

    // The user, already signed in, in a browser of their own.
    const userContext = await newContext(browser, { baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1440, height: 900 } });
    const userPage = await userContext.newPage();
    const errors: string[] = [];
    userPage.on('pageerror', (error) => errors.push(error.message));
    const notices = watchNoticeSocket(userPage);
    await signInAs(userPage, username);
    await expect(bell(userPage)).toHaveAttribute('aria-label', '消息通知');
    await expect.poll(() => notices.socket()?.isClosed()).toBe(false);
    // Polling must not be what brings the notice: one failed load stops it for good (spec §4, §8).
    await userPage.route('**/sys/annountCement/listByUser**', (route) =>
      route.fulfill({ status: 500, json: { success: false, message: '测试：加载失败', code: 500 } }),
    );
    await userPage.waitForResponse((r) => r.url().includes('/listByUser') && r.status() === 500, { timeout: 15_000 });
    await userPage.unroute('**/sys/annountCement/listByUser**');
    await userPage.evaluate(() => ((window as unknown as { __stillSamePage: boolean }).__stillSamePage = true));

    // The administrator writes and releases it through 通告管理.
    await signIn(page);
    await page.goto('/isystem/annountCement');
    await button(page, '新增').click();
    const add = dialog(page, '新增通告');
    await add.getByLabel('标题').fill(title);
    await add.getByLabel('指定用户').check();
    await button(add, '选择用户').click();
    const picker = dialog(page, '选择用户');
    await picker.getByLabel('账号').fill(username);
    await button(picker, '查询').click();
    await row(picker, username).getByRole('checkbox').check();
    await button(picker, '确定').click();
    await expect(picker).toBeHidden();
    await expect(add.getByText('消息接收人（')).toBeVisible();
    await add.getByLabel('打开方式').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('页面地址（显示“去处理”）').click();
    await expect(add.locator('.ant-select').filter({ hasText: '页面地址（显示“去处理”）' })).toBeVisible();
    await add.getByLabel('打开页面').fill('/isps/userAnnouncement');
    await add.getByLabel('摘要').fill('第一批线索已结案，请补充报销材料');
    const editor = add.getByRole('textbox', { name: '请输入内容' });
    await editor.click();
    await page.keyboard.type('第一批线索已结案。');
    await add.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('请于本周内补充材料');
    await page.screenshot({ path: shot(testInfo, 'announcement-add-1440') });
    await button(add, '确定').click();
    await toast(page, '添加成功！');
    await expect(add).toBeHidden();
    const mine = row(page, title);
    await expect(mine).toContainText('未发布');
    await mine.getByRole('button', { name: '发布' }).click();
    await expect(page.locator('.ant-popconfirm').getByText('确定要发布吗?')).toBeVisible();
    await confirmPopup(page);
    await toast(page, '该系统通知发布成功');
    await expect(mine).toContainText('已发布');
    await page.screenshot({ path: shot(testInfo, 'announcement-list-1440'), fullPage: true });

    // The user's bell updates through the socket: the push arrived, and the page was not reloaded.
    await expect.poll(() => notices.frames.some((f) => f.cmd === 'user' && f.msgTxt === title)).toBe(true);
    await expect(bell(userPage)).toHaveAttribute('aria-label', '消息通知（1条未读）');
    expect(await userPage.evaluate(() => (window as unknown as { __stillSamePage?: boolean }).__stillSamePage)).toBe(true);

    await bell(userPage).click();
    const panel = noticePanel(userPage);
    await expect(panel.getByRole('tab', { name: '通知(1)' })).toBeVisible();
    const item = panel.getByRole('button', { name: new RegExp(title) });
    await expect(item).toContainText('发布时间：');
    await expect(item).toContainText('一般');
    await settled(popover(userPage));
    await userPage.screenshot({ path: shot(testInfo, 'bell-1440') });
    await item.click();
    await expect(panel).toBeHidden();
    const modal = dialog(userPage, '通知消息');
    await expect(modal.getByRole('heading', { name: title })).toBeVisible();
    await expect(modal.getByTestId('notice-content')).toContainText('第一批线索已结案。请于本周内补充材料');
    await expect(modal.getByTestId('notice-content').locator('strong')).toHaveText('请于本周内补充材料');
    // the expense-claim reminder belongs to the claim notices (spec §2): this one leads to 我的消息
    await expect(modal.getByText(EXPENSE_REMINDER)).toBeHidden();
    await settled(modal);
    await userPage.screenshot({ path: shot(testInfo, 'notice-modal-1440') });
    // marked read: the badge drops
    await expect(bell(userPage)).toHaveAttribute('aria-label', '消息通知');

    await button(modal, '去处理').click();
    await expect(modal).toBeHidden();
    await expect(userPage).toHaveURL('/isps/userAnnouncement');
    const read = row(userPage, title);
    await expect(read).toContainText('已读');
    // 发布人 by name, not by account
    await expect(read).toContainText(ADMIN.realname);
    await userPage.screenshot({ path: shot(testInfo, 'my-messages-1440'), fullPage: true });
    expect(await userPage.evaluate(() => (window as unknown as { __stillSamePage?: boolean }).__stillSamePage)).toBe(true);
    expect(errors).toEqual([]);
    await userContext.close();
  });

  test('§7 通告管理: search, edit while unpublished, 详情, revoke after release, delete — each with a confirmation', async ({ page }, testInfo) => {
    const token = await apiToken(page.request);
    const me = await apiCall<{ records: { id: string }[] }>(page.request, token, 'GET', '/sys/user/list', undefined, { username: 'admin' });
    const prefix = unique('管理');
    const add = (titile: string) =>
      apiCall(page.request, token, 'POST', '/sys/annountCement/add', {
        titile,
        msgType: 'USER',
        userIds: `${me.records[0].id},`,
        msgCategory: '2',
        priority: 'H',
        msgContent: '<p>维护期间<em>暂停</em>服务</p>',
      });
    await add(`${prefix}甲`);
    await add(`${prefix}乙`);

    await signIn(page);
    await page.goto('/isystem/annountCement');
    await page.locator('.list-search').getByPlaceholder('请输入标题').fill(`${prefix}甲`);
    await button(page, '查询').click();
    await expect(page.getByText('1-1 共 1 条')).toBeVisible();
    const first = row(page, `${prefix}甲`);
    await expect(first).toContainText('系统消息');
    await expect(first).toContainText('紧急');
    await expect(first).toContainText('未发布');

    // edit: the form loads the record; the change shows in the list
    await first.getByRole('button', { name: '编辑' }).click();
    const edit = dialog(page, '编辑通告');
    await expect(edit.getByLabel('标题')).toHaveValue(`${prefix}甲`);
    await expect(edit.getByRole('textbox', { name: '请输入内容' })).toContainText('维护期间暂停服务');
    await expect(edit.getByText('系统管理员（admin）')).toBeVisible();
    await edit.getByLabel('标题').fill(`${prefix}丙`);
    await edit.getByLabel('重要').check();
    await button(edit, '确定').click();
    await toast(page, '编辑成功!');
    await expect(edit).toBeHidden();
    await page.locator('.list-search').getByPlaceholder('请输入标题').fill(prefix);
    await button(page, '查询').click();
    await expect(page.getByText('1-2 共 2 条')).toBeVisible();
    const edited = row(page, `${prefix}丙`);
    await expect(edited).toContainText('重要');

    // 详情 shows the body as users see it
    await edited.getByRole('button', { name: '详情' }).click();
    const detail = dialog(page, '通告详情');
    await expect(detail.getByTestId('notice-content').locator('em')).toHaveText('暂停');
    await closeButton(detail).click();
    await expect(detail).toBeHidden();

    // release, then revoke (asks first); a published one cannot be edited
    await edited.getByRole('button', { name: '发布' }).click();
    await confirmPopup(page);
    await toast(page, '该系统通知发布成功');
    await expect(edited).toContainText('已发布');
    await expect(edited.getByRole('button', { name: '编辑' })).toHaveCount(0);
    await edited.getByRole('button', { name: '撤销' }).click();
    await expect(page.locator('.ant-popconfirm').getByText('确定要撤销吗?')).toBeVisible();
    await confirmPopup(page);
    await toast(page, '该系统通知撤销成功');
    await expect(edited).toContainText('已撤销');
    await expect(edited).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);

    // delete asks first
    await edited.getByRole('button', { name: '删除' }).click();
    await expect(page.locator('.ant-popconfirm').getByText('确定删除吗?')).toBeVisible();
    await confirmPopup(page);
    await toast(page, '删除成功!');
    await expect(edited).toHaveCount(0);
    await expect(page.getByText('1-1 共 1 条')).toBeVisible();
    await page.screenshot({ path: shot(testInfo, 'announcement-manage-1440'), fullPage: true });
  });

  test.describe('at 375 px', () => {
    test.use({ viewport: { width: 375, height: 740 } });

    test('§2 bell popover, notice modal, 我的消息 and 通告管理 fit a phone screen', async ({ page }, testInfo) => {
      const token = await apiToken(page.request);
      const me = await apiCall<{ records: { id: string }[] }>(page.request, token, 'GET', '/sys/user/list', undefined, { username: 'admin' });
      const title = unique('手机上的通知');
      const id = await apiCall<string>(page.request, token, 'POST', '/sys/annountCement/add', {
        titile: title,
        msgType: 'USER',
        userIds: `${me.records[0].id},`,
        msgCategory: '1',
        priority: 'M',
        msgContent: '<p>这是一条在手机上查看的通知，内容较长时会自动换行显示。</p>',
        openType: 'url',
        openPage: '/isps/userAnnouncement',
      });
      await apiCall(page.request, token, 'GET', '/sys/annountCement/doReleaseData', undefined, { id });

      await signIn(page);
      await page.goto('/dashboard/analysis');
      await expect(bell(page)).toHaveAttribute('aria-label', /^消息通知（\d+条未读）$/);
      await bell(page).click();
      const panel = noticePanel(page);
      await expect(panel.getByRole('button', { name: new RegExp(title) })).toBeVisible();
      await settled(popover(page));
      const box = await panel.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
      // the bell takes room in the header without pushing anything off the screen
      await expectFitsWidth(page);
      await page.screenshot({ path: shot(testInfo, 'bell-375') });
      await panel.getByRole('button', { name: new RegExp(title) }).click();
      await expect(panel).toBeHidden();
      const modal = dialog(page, '通知消息');
      await expect(modal.getByRole('heading', { name: title })).toBeVisible();
      await settled(modal);
      await page.screenshot({ path: shot(testInfo, 'notice-modal-375') });
      await closeButton(modal).click();
      await expect(modal).toBeHidden();

      await page.goto('/isps/userAnnouncement');
      await expect(row(page, title)).toContainText('已读');
      await page.screenshot({ path: shot(testInfo, 'my-messages-375'), fullPage: true });
      await page.goto('/isystem/annountCement');
      await expect(row(page, title)).toBeVisible();
      await page.screenshot({ path: shot(testInfo, 'announcement-list-375'), fullPage: true });
    });
  });
});
