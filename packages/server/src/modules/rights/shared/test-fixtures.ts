import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { creditCodeCheckChar, CREDIT_CODE_ALPHABET } from '@sbwq/contracts';
import { createTestApp, DepartId, json, multipart, RoleId, type TestApp } from '../../../test/harness.ts';

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const PASSWORD = 'Rights12345';

/** A valid 统一社会信用代码 for a small number (GB 32100-2015 check character computed). */
export function creditCode(n: number): string {
  let body = '';
  for (let i = 0, v = n + 1000; i < 9; i++, v = Math.floor(v / 31)) body = CREDIT_CODE_ALPHABET[v % 31] + body;
  const first17 = `91330100${body}`;
  return first17 + creditCodeCheckChar(first17);
}

/** A complete 受保护权利 form, numbered `n` (its mark and registration number follow n). */
export const trademarkForm = (n: number, overrides: Record<string, unknown> = {}) => ({
  trademarkName: `华光${n}`,
  regNo: String(30_000_000 + n),
  niceClass: String((n % 45) + 1),
  goodsServices: '电子计算机；计算机软件（已录制）',
  trademarkType: '1',
  registrant: '测试品牌股份有限公司',
  registrantAddress: '浙江省杭州市滨江区',
  regDate: '2018-05-07',
  legalStatus: '1',
  authOrg: '测试知识产权代理有限公司',
  authStartDate: '2024-01-01',
  authEndDate: '2030-12-31',
  ...overrides,
});

export type Rig = TestApp & {
  call: (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => Promise<ReturnType<typeof json>>;
  upload: (token: string, kind: 'png' | 'pdf', fileType?: string) => Promise<string>;
  staff: (username: string, roleIds: string[]) => Promise<{ id: string; token: string }>;
  enrolForm: (n: number, overrides?: Record<string, unknown>) => Promise<Record<string, unknown>>;
};

/** A test app with a writable DATA_DIR and helpers for the rights flows. */
export async function rightsRig(): Promise<Rig> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbwq-rights-'));
  const t = await createTestApp({ DATA_DIR: dataDir });
  const call: Rig['call'] = async (token, method, url, payload) => json(await t.request(token, method, url, payload));
  const upload: Rig['upload'] = async (token, kind, fileType) => {
    const body = multipart(
      { filename: kind === 'png' ? '图样.png' : '文件.pdf', content: kind === 'png' ? PNG : PDF },
      { biz: 'rights', ...(fileType ? { fileType } : {}) },
    );
    const res = json(
      await t.inject({ method: 'POST', url: t.api('/sys/common/upload'), payload: body.payload, headers: { ...body.headers, 'X-Access-Token': token } }),
    );
    if (!res.success) throw new Error(`upload failed: ${res.message}`);
    return res.message;
  };
  const staff: Rig['staff'] = async (username, roleIds) => {
    const id = await t.createUser({ username, password: PASSWORD, roleIds, departIds: [DepartId.rightsDept] });
    return { id, token: await t.loginAs(username, PASSWORD) };
  };
  const enrolForm: Rig['enrolForm'] = async (n, overrides = {}) => ({
    orgName: `测试知识产权代理有限公司${n}`,
    orgType: '1',
    creditCode: creditCode(n),
    legalPerson: '张三',
    regAddress: '浙江省杭州市西湖区文三路1号',
    officeAddress: '浙江省杭州市西湖区文三路1号5楼',
    foundDate: '2015-06-01',
    agentFilingNo: `TM${String(n).padStart(6, '0')}`,
    contactName: '李四',
    contactPhone: '13800138000',
    contactEmail: 'contact@example.com',
    region: '浙江省杭州市',
    ...overrides,
  });
  return { ...t, call, upload, staff, enrolForm };
}

export type OrgUser = { userId: string; token: string; orgId: string; username: string };

/** A new organisation user (created by an admin, under 入驻服务机构 or 会员企业) with a submitted enrolment. */
export async function submittedOrg(rig: Rig, n: number, opts: { holder?: boolean } = {}): Promise<OrgUser> {
  const username = `org${n}`;
  const userId = await rig.createUser({
    username,
    password: PASSWORD,
    roleIds: [opts.holder ? RoleId.holder : RoleId.agency],
    departIds: [opts.holder ? DepartId.members : DepartId.agencies],
  });
  const token = await rig.loginAs(username, PASSWORD);
  const licenseFile = await rig.upload(token, 'png', '3');
  const res = await rig.call(
    token,
    'POST',
    '/rights/org/submitEnrol',
    await rig.enrolForm(n, { licenseFile, ...(opts.holder ? { orgType: '5', orgName: `测试品牌股份有限公司${n}` } : {}) }),
  );
  if (!res.success) throw new Error(`submitEnrol failed: ${res.message}`);
  return { userId, token, orgId: res.result, username };
}

/** A 受保护权利 record in 草稿 with the least its form needs (class 9, 某公司, registered 2018-01-01) and `fields`. Answers its id. */
export async function draftRight(rig: Rig, token: string, fields: { trademarkName: string; regNo: string; markImage?: string }): Promise<string> {
  const res = await rig.call(token, 'POST', '/rights/right/add', { niceClass: '9', registrant: '某公司', regDate: '2018-01-01', ...fields });
  if (!res.success) throw new Error(`right/add failed: ${res.message}`);
  return res.result as string;
}

/** The same record submitted: it waits for the reviewer (待审核). */
export async function submittedRight(rig: Rig, token: string, fields: { trademarkName: string; regNo: string; markImage?: string }): Promise<string> {
  const id = await draftRight(rig, token, fields);
  await rig.call(token, 'POST', '/rights/right/submit', { ids: id });
  return id;
}

/** An organisation enrolled and certified through the API, approved by `reviewer`. */
export async function certifiedOrg(rig: Rig, reviewer: string, n: number, opts: { holder?: boolean } = {}): Promise<OrgUser> {
  const org = await submittedOrg(rig, n, opts);
  const steps = [
    await rig.call(reviewer, 'POST', '/rights/org/approveEnrol', { id: org.orgId, result: 'pass', opinion: '材料齐全' }),
    await rig.call(org.token, 'POST', '/rights/org/submitCertify', { practiceFile: await rig.upload(org.token, 'pdf') }),
    await rig.call(reviewer, 'POST', '/rights/org/approveCertify', { id: org.orgId, result: 'pass', opinion: '认证通过' }),
  ];
  const failed = steps.find((s) => !s.success);
  if (failed) throw new Error(`certification failed: ${failed.message}`);
  return org;
}
