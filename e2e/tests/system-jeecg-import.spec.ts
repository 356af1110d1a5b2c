import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { button, submitLogin, test, expectFitsWidth } from '../support/app.ts';
import { dialog, expect, signIn, SYSTEM_TEST_TIMEOUT } from '../support/system.ts';

/*
 * Issue 40 系统管理 → 数据导入: the administrator tries a refused address, dry-runs and then imports the stock
 * JeecgBoot 2.3 database from the machine's MariaDB (127.0.0.1:3306, root) in the browser; the stock user
 * jeecg then signs in with its old password 123456, must set a new one first — a reload brings that dialog
 * back and no other page opens — and lands on the menus its roles gave it (用户管理). The dump is loaded
 * under a name of its own, without its announcements: the stock one addressed to everybody would reach
 * the bell of every user of the other tests sharing this server.
 */

const DUMP = new URL('../../../shared/data/jeecgboot-2.3/jeecgboot-mysql-5.7.sql', import.meta.url);
const SOURCE = `e2e40_${randomBytes(4).toString('hex')}`;
const mariadb = (sql: string) => execFileSync('mariadb', ['-h', '127.0.0.1', '-u', 'root', '-e', sql]);

/** Critical and serious findings; colour contrast as accessibility.spec.ts counts it: under 高对比度 only. */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'critical' || (v.impact === 'serious' && v.id !== 'color-contrast'))
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test.describe.serial('数据导入 from JeecgBoot 2.3 (issue 40)', () => {
  test.describe.configure({ timeout: SYSTEM_TEST_TIMEOUT });

  test.beforeAll(() => {
    const script = readFileSync(DUMP, 'utf8')
      .replace('DROP DATABASE IF EXISTS `jeecg-boot`;', '')
      .replace(/create database `jeecg-boot`[^;]*;/, '')
      .replace('USE `jeecg-boot`;', `USE \`${SOURCE}\`;`);
    mariadb(`CREATE DATABASE \`${SOURCE}\` DEFAULT CHARACTER SET utf8mb4`);
    execFileSync('mariadb', ['-h', '127.0.0.1', '-u', 'root'], { input: script, maxBuffer: 64 << 20 });
    mariadb(`DELETE FROM \`${SOURCE}\`.sys_announcement_send; DELETE FROM \`${SOURCE}\`.sys_announcement`);
  });
  test.afterAll(() => mariadb(`DROP DATABASE IF EXISTS \`${SOURCE}\``));

  test('a refused address is told in Chinese; 试运行 reports without writing; 导入 after a confirmation shows its report', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page);
    await page.goto('/isystem/jeecgImport');
    await page.getByLabel('连接地址（可选）').fill(`mysql://root@127.0.0.1:1/${SOURCE}`);
    await expect(page.getByLabel('数据库名')).toHaveValue(SOURCE);
    await expect(page.getByLabel('端口')).toHaveValue('1');
    await button(page, '试运行').click();
    await expect(page.getByRole('alert').filter({ hasText: '无法连接' })).toContainText(`无法连接 JeecgBoot 数据库 127.0.0.1:1/${SOURCE}：连接被拒绝`);

    await page.getByLabel('端口').fill('3306');
    await button(page, '试运行').click();
    const status = page.getByRole('status');
    await expect(status).toContainText('试运行完成（未写入任何数据）');
    const report = page.getByRole('table', { name: '试运行结果（未写入任何数据）' });
    await expect(report.getByRole('row', { name: /^用户 5 / })).toBeVisible();
    await expect(page.getByRole('region', { name: '未导入' })).toContainText('SampleJob');
    expect(await violations(page)).toEqual([]);

    await button(page, '导入').click();
    await button(dialog(page, '确认导入？'), '导入').click();
    await expect(status).toContainText('导入完成');
    await expect(page.getByRole('table', { name: '导入结果' }).getByRole('row', { name: /^用户 5 4 / })).toBeVisible();
    await expect(page.getByRole('region', { name: /冲突与说明/ })).toContainText('用户 admin：本系统保留的记录，未覆盖');
    expect(await violations(page)).toEqual([]);
    // the password field was emptied once the import began: nothing of it stays in the page
    await expect(page.getByLabel('密码', { exact: true })).toHaveValue('');

    // at 375 px the form and the report fit the width (the report's table scrolls inside its card)
    await page.setViewportSize({ width: 375, height: 800 });
    const box = await button(page, '导入').first().boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await expectFitsWidth(page);
  });

  test('jeecg signs in with 123456, must set a new password first — also after a reload — then has the menus its roles gave it', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/user/login');
    await submitLogin(page, 'jeecg', '123456');
    const forced = page.getByRole('dialog', { name: '请先修改密码' });
    await expect(forced).toBeVisible();

    await page.reload();
    await expect(forced).toBeVisible();
    await page.goto('/isystem/user');
    await expect(page).toHaveURL('/user/login');
    await expect(forced).toBeVisible();

    await forced.getByLabel('旧密码').fill('123456');
    await forced.getByLabel('新密码', { exact: true }).fill('Jeecg2026x');
    await forced.getByLabel('确认新密码').fill('Jeecg2026x');
    await button(forced, '确定').click();
    await expect(page).not.toHaveURL(/\/user\/login/);
    // 用户管理 (system/UserList in both systems) is a screen of its menu: the address opens it, in the side menu
    await page.goto('/isystem/user');
    await expect(page).toHaveURL('/isystem/user');
    await expect(page.getByRole('menuitem', { name: '用户管理' })).toBeVisible();
  });
});
