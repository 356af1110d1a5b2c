import fs from 'node:fs/promises';
import path from 'node:path';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ADMIN, button, expect as baseExpect, sawToast, submitLogin } from './app.ts';
import { storeSession } from './shell.ts';

/** The machines these run on are shared and often loaded: the system specs wait longer than the default. */
export const expect = baseExpect.configure({ timeout: 20_000 });
export const SYSTEM_TEST_TIMEOUT = 120_000;

/** Helpers of the 系统管理 specs: API set-up (fast, exact) and the screens' recurring gestures. */

export const API = '/jeecg-boot';

/** Where a spec's screenshot goes: the project's output folder, beside the reports. */
export const shot = (testInfo: { project: { outputDir: string } }, name: string) => path.join(testInfo.project.outputDir, 'screenshots', `${name}.png`);
/** A strong password for users the tests create (8+ characters, letters and digits). */
export const USER_PASSWORD = 'E2eUser#2026x';

/** Unique per run and per test, so parallel workers and reruns never meet each other's rows. */
export function unique(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

type Answer<T> = { success: boolean; message: string; code: number; result: T };

export async function apiToken(request: APIRequestContext, username: string = ADMIN.username, password: string = ADMIN.password): Promise<string> {
  const response = await request.post(`${API}/sys/login`, { data: { username, password } });
  const body = (await response.json()) as Answer<{ token: string }>;
  expect(body.success, body.message).toBe(true);
  return body.result.token;
}

export async function apiCall<T = unknown>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
  params?: Record<string, string>,
): Promise<T> {
  const response = await request.fetch(`${API}${path}`, { method, data, params, headers: { 'X-Access-Token': token } });
  const body = (await response.json()) as Answer<T>;
  expect(body.success, `${method} ${path}: ${body.message}`).toBe(true);
  return body.result;
}

/** A role with the given permission ids (menus and button rows), returning its id. */
export async function createRole(request: APIRequestContext, token: string, roleCode: string, permissionIds: string[]): Promise<string> {
  await apiCall(request, token, 'POST', '/sys/role/add', { roleName: `角色${roleCode}`, roleCode });
  const page = await apiCall<{ records: { id: string }[] }>(request, token, 'GET', '/sys/role/list', undefined, { roleCode });
  const roleId = page.records[0].id;
  if (permissionIds.length)
    await apiCall(request, token, 'POST', '/sys/permission/saveRolePermission', { roleId, permissionIds: permissionIds.join(','), lastpermissionIds: '' });
  return roleId;
}

export async function createUser(
  request: APIRequestContext,
  token: string,
  username: string,
  options: { realname?: string; phone?: string; roleIds?: string[]; departIds?: string[] } = {},
): Promise<string> {
  await apiCall(request, token, 'POST', '/sys/user/add', {
    username,
    realname: options.realname ?? `用户${username}`,
    password: USER_PASSWORD,
    confirmpassword: USER_PASSWORD,
    phone: options.phone,
    selectedroles: (options.roleIds ?? []).join(','),
    selecteddeparts: (options.departIds ?? []).join(','),
  });
  const page = await apiCall<{ records: { id: string }[] }>(request, token, 'GET', '/sys/user/list', undefined, { username });
  return page.records[0].id;
}

/** Menu and button ids the 系统管理 seed unit uses. */
export const MenuId = {
  system: 'menu:isystem',
  user: 'menu:isystem:user',
  role: 'menu:isystem:role',
  permission: 'menu:isystem:permission',
  depart: 'menu:isystem:depart',
} as const;
export const buttonId = (code: string) => `btn:${code}`.slice(0, 36);

/**
 * Signs in as the administrator through the API, as the login screen would store it; the caller then
 * opens its screen. Going through the form cost each of these tests two page loads (login, 首页) that
 * prove nothing here: login.spec.ts and access.spec.ts test the form and where it lands.
 */
export async function signIn(page: Page) {
  await storeSession(page, ADMIN.username, ADMIN.password);
}

export async function signInAs(page: Page, username: string, password: string = USER_PASSWORD) {
  await page.goto('/user/login');
  await submitLogin(page, username, password);
  await expect(page).toHaveURL('/dashboard/analysis');
}

/**
 * Signs in a new user whose one role grants exactly `permissionIds` (menus and buttons), for the §6 checks
 * of what a screen hides from whoever lacks a code; returns the username.
 */
export async function signInHolding(page: Page, request: APIRequestContext, prefix: string, permissionIds: string[]): Promise<string> {
  const token = await apiToken(request);
  const roleId = await createRole(request, token, unique(prefix), permissionIds);
  const username = unique(prefix);
  await createUser(request, token, username, { roleIds: [roleId] });
  await signInAs(page, username);
  return username;
}

/** The row of a table that shows `text`. */
export function row(scope: Page | Locator, text: string | RegExp): Locator {
  return scope.getByRole('row').filter({ hasText: text });
}

export function dialog(page: Page, title: string | RegExp): Locator {
  return page.getByRole('dialog', { name: title });
}

/** Confirms an open Popconfirm. */
export async function confirmPopup(page: Page) {
  await button(page.locator('.ant-popconfirm'), '确定').click();
}

/** Picks an option of an antd select or tree select by its text. */
export async function pick(page: Page, field: Locator, option: string) {
  await field.click();
  await field.pressSequentially(option);
  await page.locator('.ant-select-dropdown:visible, .ant-select-tree-dropdown:visible').getByTitle(option, { exact: true }).first().click();
}

export async function toast(page: Page, text: string) {
  await sawToast(page, text);
}

/** Two new users, found on 用户管理 by their common prefix and both selected (已选择 2 项). */
export async function selectTwoNewUsers(page: Page, request: APIRequestContext, prefix: string) {
  const token = await apiToken(request);
  await createUser(request, token, `${prefix}a`);
  await createUser(request, token, `${prefix}b`);
  await signIn(page);
  await page.goto('/isystem/user');
  await page.getByPlaceholder('请输入账号').fill(prefix);
  await button(page, '查询').click();
  await expect(page.getByText('1-2 共 2 条')).toBeVisible();
  await page.locator('thead .ant-checkbox-input').check();
  await expect(page.getByText('已选择 2 项')).toBeVisible();
}

/** 批量删除 (found in `scope`) of the two selected users: the question counts them, and the list is empty after. */
export async function deleteTwoSelectedUsers(page: Page, scope: Page | Locator) {
  await button(scope, '批量删除').click();
  const confirm = page.getByRole('dialog', { name: '确认删除' });
  await expect(confirm.getByText('确定要删除这 2 项吗?')).toBeVisible();
  await button(confirm, '确定').click();
  await toast(page, '批量删除用户成功');
  await expect(page.locator('.ant-empty-description', { hasText: '暂无数据' })).toBeVisible();
  await expect(page.getByText('已选择 0 项')).toBeVisible();
}

/** An .xlsx file in the test's output folder with one sheet of these rows (the header first), for 导入. */
export async function workbookFile(testInfo: TestInfo, name: string, sheetName: string, rows: unknown[][]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(sheetName);
  for (const values of rows) sheet.addRow(values);
  const file = testInfo.outputPath(`${name}.xlsx`);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await book.xlsx.writeFile(file);
  return file;
}

/** 导入 of a list screen: chooses the file, waits for the answer `expected` and returns the 导入结果 dialog. */
export async function importFile(page: Page, file: string, expected: string): Promise<Locator> {
  await button(page, '导入').click();
  const chooser = page.waitForEvent('filechooser');
  await button(dialog(page, '导入'), '选择文件').click();
  await (await chooser).setFiles(file);
  await toast(page, expected);
  return dialog(page, '导入结果');
}
