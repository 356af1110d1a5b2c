import { button, test } from '../support/app.ts';
import { createOrgUser, creditCode, formItem } from '../support/rights.ts';
import { signInQuickly } from '../support/shell.ts';
import { expect, USER_PASSWORD } from '../support/system.ts';

/** Issue 11 "Modal titles sit tight against the first field; the credit-code hint stacks under the error". */

test('every dialog leaves room under its title: 24 px from the title to the first field', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInQuickly(page, '/isystem/position');
  await button(page, '新增').click();
  const dialog = page.getByRole('dialog', { name: '新增职务' });
  await expect(dialog).toBeVisible();
  const title = (await dialog.locator('.ant-modal-title').boundingBox())!;
  const field = (await dialog.locator('.ant-form-item').first().boundingBox())!;
  expect(field.y - (title.y + title.height)).toBeGreaterThanOrEqual(24);
});

test('the enrolment form shows the credit-code hint or its error, never both', async ({ page, request }) => {
  const { username } = await createOrgUser(request);
  await signInQuickly(page, '/dashboard/enter-organisation', username, USER_PASSWORD);
  const item = formItem(page, '统一社会信用代码');
  const hint = item.getByText('18位数字或大写字母，最后一位为校验位');
  await expect(hint).toBeVisible();

  await item.getByRole('textbox').fill('12345');
  await item.getByRole('textbox').blur();
  await expect(item.locator('.ant-form-item-explain-error')).toBeVisible();
  await expect(hint).toBeHidden();

  await item.getByRole('textbox').fill(creditCode());
  await expect(item.locator('.ant-form-item-explain-error')).toHaveCount(0);
  await expect(hint).toBeVisible();
});
