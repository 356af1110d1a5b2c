import { readCaptchaImage } from './captcha.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { certifiedOrgViaApi, createFinance, createOrgUser, creditCode, pngFile, apiUpload } from './rights.ts';
import { signInQuickly } from './shell.ts';
import { apiCall, apiToken, unique, USER_PASSWORD } from './system.ts';
import { approvedBankAccount, approvedRight, enabledPool, enforcedBatchViaApi, submittedBatchViaApi } from './batch.ts';

/** The list screens of a user's menu and rows for every one of them: what the walks over all lists need. */

export type Screen = { path: string; title: string; component: string };
type MenuNode = { path: string; component: string | null; hidden?: boolean; meta: { title: string; internalOrExternal: boolean }; children?: MenuNode[] };

/** The menu's screens: leaves that name a component, neither hidden nor outside links. */
export function screensOf(menu: MenuNode[]): Screen[] {
  return menu.flatMap((node): Screen[] => {
    if (node.children?.length) return screensOf(node.children);
    const component = node.component ?? '';
    if (node.hidden || node.meta.internalOrExternal || !component || component.startsWith('layouts/') || /^https?:/.test(node.path)) return [];
    return [{ path: node.path, title: node.meta.title, component }];
  });
}

/** An organisation user who has filled in and submitted the enrolment form (waiting for 入驻审批). */
async function submittedEnrolment(request: APIRequestContext) {
  const { username } = await createOrgUser(request);
  const token = await apiToken(request, username, USER_PASSWORD);
  const licenseFile = await apiUpload(request, token, { name: '营业执照.png', mimeType: 'image/png', buffer: pngFile() });
  const orgId = await apiCall<string>(request, token, 'POST', '/rights/org/submitEnrol', {
    orgName: `窄屏测试知识产权代理有限公司${username.slice(-5)}`,
    orgType: '1',
    creditCode: creditCode(),
    legalPerson: '李四',
    regAddress: '浙江省杭州市西湖区文三路90号',
    foundDate: '2015-06-01',
    licenseFile,
    agentFilingNo: 'TM2015001',
    contactName: '孙七',
    contactPhone: '13800138000',
    region: '浙江省杭州市',
  });
  return { token, orgId };
}

/** At least one row on every list of the menu, each created through the API as its user would. */
export async function seedRows(request: APIRequestContext): Promise<{ reviewer: string; orgUser: string; orgName: string }> {
  const admin = await apiToken(request);
  // 机构列表, 审批记录, 文件信息
  const org = await certifiedOrgViaApi(request);
  // 入驻审批 and 待我审批: one enrolment waiting; 认证审批: one certification waiting
  await submittedEnrolment(request);
  const certifying = await submittedEnrolment(request);
  const reviewer = await apiToken(request, org.reviewer, USER_PASSWORD);
  await apiCall(request, reviewer, 'POST', '/rights/org/approveEnrol', { id: certifying.orgId, result: 'pass' });
  const practiceFile = await apiUpload(request, certifying.token, { name: '执业许可证.png', mimeType: 'image/png', buffer: pngFile() });
  await apiCall(request, certifying.token, 'POST', '/rights/org/submitCertify', { practiceFile });
  // 受保护权利 (submitted, so it waits in 待我审批 too) and 机构银行账户
  const regNo = String(40_000_000 + Math.floor(Math.random() * 9_000_000));
  const rightId = await apiCall<string>(request, org.token, 'POST', '/rights/right/add', {
    trademarkName: '窄屏测试商标名称较长的一件注册商标',
    regNo,
    niceClass: '9',
    goodsServices: '电子计算机；计算机软件（已录制）；智能手机',
    trademarkType: '1',
    registrant: '测试品牌股份有限公司',
    registrantAddress: '浙江省杭州市滨江区',
    regDate: '2018-05-07',
    legalStatus: '1',
    authOrg: org.orgName,
    authStartDate: '2024-01-01',
    authEndDate: '2030-12-31',
  });
  await apiCall(request, org.token, 'POST', '/rights/right/submit', { ids: rightId });
  await apiCall(request, org.token, 'POST', '/rights/bank/add', {
    accountName: org.orgName,
    bankName: '中国工商银行',
    branchName: '杭州西湖支行',
    accountNo: '6222021234561234',
    bankCode: '102331000123',
    accountNature: '1',
  });
  // 资金池管理 and 资金池日志: an enabled pool; 线索批次 (and 待我审批): a submitted batch against it
  const poolId = await enabledPool(request, admin, '窄屏测试年度商标维权专项资金', { totalAmount: '1000000', orgCap: '100000' });
  const batchRightId = await approvedRight(request, org.token, reviewer, '窄屏批次商标');
  await submittedBatchViaApi(request, org.token, {
    batchName: '窄屏测试淘宝假冒商品线索批次',
    rightId: batchRightId,
    poolId,
    items: [{ linkUrl: 'https://item.taobao.com/item.htm?id=375' }],
  });
  // 报销管理 and 付款管理: a claim of a second batch (维权中), passed by the reviewer and finance, waiting for payment
  const finance = await apiToken(request, await createFinance(request), USER_PASSWORD);
  const claimBatchId = await enforcedBatchViaApi(
    request,
    { orgToken: org.token, reviewerToken: reviewer },
    { batchName: '窄屏测试报销批次', rightId: batchRightId, poolId, items: [{ linkUrl: 'https://item.taobao.com/item.htm?id=376' }], approvedAmount: '500' },
  );
  const claimBankId = await approvedBankAccount(
    request,
    { orgToken: org.token, financeToken: finance },
    { accountName: org.orgName, bankName: '中国农业银行', branchName: '杭州滨江支行', accountNo: '6228480012345678' },
  );
  const invoiceFile = await apiUpload(request, org.token, { name: '发票.png', mimeType: 'image/png', buffer: pngFile() }, 'finance_claim');
  const claim = await apiCall<{ id: string }>(request, org.token, 'POST', '/rights/financeRecord/add', {
    batchId: claimBatchId,
    expenseType: '1',
    applyAmount: '300',
    bankAccountId: claimBankId,
    // every call claims its own invoice: the same number can never be claimed twice, and specs seed in parallel
    invoices: [
      { invoiceCode: '', invoiceNo: String(10_000_000 + Math.floor(Math.random() * 89_999_999)), invoiceDate: '2026-10-01', amount: '300', files: invoiceFile },
    ],
  });
  await apiCall(request, org.token, 'POST', '/rights/financeRecord/submit', { id: claim.id });
  await apiCall(request, reviewer, 'POST', '/rights/financeRecord/bizReview', { id: claim.id, result: 'pass' });
  await apiCall(request, finance, 'POST', '/rights/financeRecord/financeReview', { id: claim.id, result: 'pass' });
  // 多数据源, 路由网关 (its upstream is in the e2e server's GATEWAY_UPSTREAMS) and 短信发件箱 (a registration code)
  await apiCall(request, admin, 'POST', '/sys/dataSource/add', {
    name: '窄屏测试业务库',
    code: unique('ds'),
    dbType: '4',
    host: '127.0.0.1',
    port: 5432,
    username: 'postgres',
    databaseName: 'postgres',
  });
  await apiCall(request, admin, 'POST', '/sys/gatewayRoute/add', {
    name: '窄屏测试商标公告查询',
    routerId: unique('gw'),
    pathPrefix: `/gateway/${unique('narrow')}`,
    upstream: 'cnipa-mock',
    methods: ['GET'],
  });
  const checkKey = unique('cap');
  const image = await apiCall<string>(request, admin, 'GET', `/sys/randomImage/${checkKey}`);
  await apiCall(request, admin, 'POST', '/sys/sms', {
    mobile: `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    smsmode: '1',
    captcha: readCaptchaImage(image),
    checkKey,
  });
  // 职务管理, 通告管理 and 我的消息
  await apiCall(request, admin, 'POST', '/sys/position/add', { code: unique('pos'), name: '知识产权法务专员' });
  const me = await apiCall<{ records: { id: string }[] }>(request, admin, 'GET', '/sys/user/list', undefined, { username: 'admin' });
  const notice = await apiCall<string>(request, admin, 'POST', '/sys/annountCement/add', {
    titile: '窄屏测试：系统维护通知',
    msgType: 'USER',
    userIds: `${me.records[0].id},`,
    msgCategory: '1',
    priority: 'M',
    msgContent: '<p>本周六凌晨系统维护。</p>',
  });
  await apiCall(request, admin, 'GET', '/sys/annountCement/doReleaseData', undefined, { id: notice });
  return { reviewer: org.reviewer, orgUser: org.username, orgName: org.orgName };
}

export async function menuScreens(page: Page, request: APIRequestContext, username?: string) {
  const { token } = username ? await signInQuickly(page, '/dashboard/analysis', username, USER_PASSWORD) : await signInQuickly(page);
  // the walk leaves this page at once: not before it has its permissions (a cut permission load signs out)
  await page.waitForLoadState('networkidle');
  const { menu } = await apiCall<{ menu: MenuNode[] }>(request, token, 'GET', '/sys/permission/getUserPermissionByToken');
  return screensOf(menu);
}
