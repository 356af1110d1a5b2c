import type { Page } from '@playwright/test';
import { expect, storedToken, test } from '../support/app.ts';
import { signInQuickly } from '../support/shell.ts';

const PERMISSIONS = '**/sys/permission/getUserPermissionByToken**';

/** Holds every permission-list answer back for a while, as a busy server does. */
async function slowPermissions(page: Page) {
  await page.route(PERMISSIONS, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    // the page that asked may be gone by now
    await route.continue().catch(() => undefined);
  });
}

/**
 * spec §2 "If loading permissions fails, the user is logged out": a page left while its permission list
 * is still loading (another address, a reload) did not fail to load it. The browser cancels the request;
 * taken for a failure, the page being left logged out and cleared the token the next page opens with,
 * which then landed on the login page (mobile-lists.spec.ts after its walks, on a loaded CI machine).
 */
test('§2 a page left while it still loads the permission list keeps the session: the next page opens signed in', async ({ page, request }) => {
  await slowPermissions(page);
  const asked = page.waitForRequest(PERMISSIONS);
  const { token } = await signInQuickly(page);
  await asked;
  await page.goto('/isystem/dict');
  await expect(page.getByRole('button', { name: /^当前用户/ })).toBeVisible();
  await expect(page).toHaveURL('/isystem/dict');

  // a reload while the list is on its way, then another page at once
  const askedAgain = page.waitForRequest(PERMISSIONS);
  await page.reload();
  await askedAgain;
  await page.goto('/isystem/user');
  await expect(page.getByRole('button', { name: /^当前用户/ })).toBeVisible();
  await expect(page).toHaveURL('/isystem/user');

  expect((await storedToken(page))?.value).toBe(token);
  const answer = await request.get('/jeecg-boot/sys/user/getCurrentUserDeparts', { headers: { 'X-Access-Token': token } });
  expect(answer.status(), 'the server still accepts the session').toBe(200);
});
