import path from 'node:path';
import zlib from 'node:zlib';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { apiCall, apiToken, createUser, expect, signInAs, unique, USER_PASSWORD } from './system.ts';
import { newContext, sawToast } from './app.ts';

/** Helpers of the rights specs : fixtures made in the test, and API set-up of users. */

export const RoleId = {
  reviewer: 'r0000000000000000000000000000001',
  finance: 'r0000000000000000000000000000002',
  agency: 'r0000000000000000000000000000003',
  holder: 'r0000000000000000000000000000004',
} as const;
export const DepartId = {
  rightsDept: 'd000000000000000000000000000a102',
  financeDept: 'd000000000000000000000000000a103',
  agencies: 'd0000000000000000000000000000a02',
} as const;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A real PNG (a blue square with a white bar), so that the browser can show and preview it. */
export function pngFile(size = 48): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const bar = y > size / 3 && y < (size * 2) / 3 && x > size / 6 && x < (size * 5) / 6;
      row.set(bar ? [255, 255, 255] : [24, 144, 255], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real one-page PDF with a line of text (offsets computed, so viewers open it). */
export function pdfFile(text = 'Authorisation letter'): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const CREDIT_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** A valid 统一社会信用代码 (GB 32100-2015 check character) that differs per run. */
export function creditCode(): string {
  let body = '';
  for (let i = 0; i < 9; i++) body += CREDIT_ALPHABET[Math.floor(Math.random() * 31)];
  const first17 = `91330100${body}`;
  const sum = [...first17].reduce((acc, ch, i) => acc + CREDIT_ALPHABET.indexOf(ch) * CREDIT_WEIGHTS[i], 0);
  const check = 31 - (sum % 31);
  return first17 + CREDIT_ALPHABET[check === 31 ? 0 : check];
}

/** A new organisation user (role 服务机构, under 入驻服务机构), created by the administrator through the API. */
export async function createOrgUser(request: APIRequestContext): Promise<{ username: string; id: string }> {
  const token = await apiToken(request);
  const username = unique('e2eorg');
  const id = await createUser(request, token, username, {
    realname: `机构用户${username.slice(-4)}`,
    roleIds: [RoleId.agency],
    departIds: [DepartId.agencies],
  });
  return { username, id };
}

/** A new association reviewer (协会审核员). */
export async function createReviewer(request: APIRequestContext): Promise<string> {
  const token = await apiToken(request);
  const username = unique('e2erev');
  await createUser(request, token, username, { realname: `审核员${username.slice(-4)}`, roleIds: [RoleId.reviewer], departIds: [DepartId.rightsDept] });
  return username;
}

/** A new association finance officer (协会财务). */
export async function createFinance(request: APIRequestContext): Promise<string> {
  const token = await apiToken(request);
  const username = unique('e2efin');
  await createUser(request, token, username, { realname: `财务${username.slice(-4)}`, roleIds: [RoleId.finance], departIds: [DepartId.financeDept] });
  return username;
}

export { apiCall, unique };

/** The form item with this label (antd puts the label text in its title). */
export function formItem(scope: Page | Locator, label: string): Locator {
  return scope.locator(`.ant-form-item:has(.ant-form-item-label label[title="${label}"])`);
}

/** The hidden file input of the upload control of a form item. */
export function fileInputOf(scope: Page | Locator, label: string): Locator {
  return formItem(scope, label).locator('input[type=file]');
}

/** The warning or error toast with this text. */
export async function message(page: Page, text: string | RegExp) {
  await sawToast(page, text);
}

/** Uploads a file through the API as `token`'s user and answers its stored path. */
export async function apiUpload(
  request: APIRequestContext,
  token: string,
  file: { name: string; mimeType: string; buffer: Buffer },
  biz = 'rights_org',
): Promise<string> {
  const response = await request.post('/jeecg-boot/sys/common/upload', { headers: { 'X-Access-Token': token }, multipart: { biz, file } });
  const body = (await response.json()) as { success: boolean; message: string };
  expect(body.success, body.message).toBe(true);
  return body.message;
}

export type CertifiedOrg = { username: string; orgName: string; orgId: string; token: string; reviewer: string };

/** An organisation enrolled and certified through the API (the browser tests of later screens start here). */
export async function certifiedOrgViaApi(request: APIRequestContext): Promise<CertifiedOrg> {
  const { username } = await createOrgUser(request);
  const reviewer = await createReviewer(request);
  const token = await apiToken(request, username, USER_PASSWORD);
  const reviewerToken = await apiToken(request, reviewer, USER_PASSWORD);
  const orgName = `测试维权服务有限公司${username.slice(-5)}`;
  const licenseFile = await apiUpload(request, token, { name: '营业执照.png', mimeType: 'image/png', buffer: pngFile() });
  const orgId = await apiCall<string>(request, token, 'POST', '/rights/org/submitEnrol', {
    orgName,
    orgType: '1',
    creditCode: creditCode(),
    legalPerson: '王五',
    regAddress: '浙江省杭州市滨江区江南大道1号',
    foundDate: '2012-03-01',
    licenseFile,
    agentFilingNo: 'TM2012001',
    contactName: '赵六',
    contactPhone: '13900139000',
    region: '浙江省杭州市',
  });
  await apiCall(request, reviewerToken, 'POST', '/rights/org/approveEnrol', { id: orgId, result: 'pass' });
  const practiceFile = await apiUpload(request, token, { name: '执业许可证.pdf', mimeType: 'application/pdf', buffer: pdfFile() });
  await apiCall(request, token, 'POST', '/rights/org/submitCertify', { practiceFile });
  await apiCall(request, reviewerToken, 'POST', '/rights/org/approveCertify', { id: orgId, result: 'pass' });
  return { username, orgName, orgId, token, reviewer };
}

/** Where a spec's screenshot goes. */
export const shot = (testInfo: { project: { outputDir: string } }, name: string) => path.join(testInfo.project.outputDir, 'screenshots', `${name}.png`);

/** A signed-in page in a browser context of its own (the reviewer works beside the organisation user). */
export async function contextFor(browser: Browser, username: string, baseURL: string, ip: string, password?: string): Promise<Page> {
  const context = await newContext(browser, { baseURL, locale: 'zh-CN', timezoneId: 'Asia/Shanghai', extraHTTPHeaders: { 'X-Forwarded-For': ip } });
  const page = await context.newPage();
  await signInAs(page, username, password);
  return page;
}
