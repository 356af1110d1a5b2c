import { ApprovalBizType, ClaimMsg, ClaimPath, ClaimStatus, FILE_NAMES_PATH, type ApprovalTodo, type ClaimRecord } from '@sbwq/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { claimRecord } from '../../test/records.ts';
import { envelope, fakeServer } from '../../test/fakeServer.ts';
import { renderAt, signedInEach } from '../../test/render.tsx';
import { ApprovalTodoList } from './ApprovalTodoList.tsx';

configure({ asyncUtilTimeout: 5_000 });
vi.mock('../../platform/browser.ts', () => ({ reloadPage: vi.fn(), loadPage: vi.fn(), openInNewWindow: vi.fn() }));

const todo = (bizType: string, bizId: string, bizTitle: string): ApprovalTodo =>
  ({ bizType, bizId, bizTitle, orgName: '华光代理', node: '1', submitByName: '张三', submitTime: '2026-11-25 10:00:00' }) as ApprovalTodo;

const CLAIM = claimRecord(ClaimStatus.bizReview, {
  description: '公证费用',
  invoices: [
    {
      id: 'i1',
      claimId: 'c1',
      invoiceCode: '',
      invoiceNo: '12345678901234567890',
      invoiceDate: '2026-11-01',
      amount: '3000.00',
      files: 'finance_claim/2026/ab12cd.pdf',
    },
  ],
} as Partial<ClaimRecord>);

const ui = { notification: { error: vi.fn() }, modal: { confirm: vi.fn(), error: vi.fn() }, message: { success: vi.fn(), warning: vi.fn(), error: vi.fn() } };

function renderTodo(rows: ApprovalTodo[]) {
  const asked: string[] = [];
  const sent: { path: string; body: unknown }[] = [];
  const post = (path: string) => (_: URL, init: RequestInit) => {
    sent.push({ path, body: JSON.parse(String(init.body)) });
    return { body: envelope(null, { message: ClaimMsg.toFinance }) };
  };
  fakeServer({
    'GET /rights/approval/todo': () => ({ body: envelope({ records: rows, total: rows.length, size: 10, current: 1, pages: 1 }) }),
    'GET /rights/approval/todoCount': () => ({ body: envelope(rows.length) }),
    'GET /sys/dict/getDictItems/*': () => ({ body: envelope([]) }),
    [`GET ${ClaimPath.batchSummary}`]: () => ({ body: envelope({ batchId: 'b1', available: '5000.00' }) }),
    [`GET ${FILE_NAMES_PATH}`]: () => ({ body: envelope({ 'finance_claim/2026/ab12cd.pdf': '公证费发票.pdf' }) }),
    'GET /rights/financeRecord/queryById': () => {
      asked.push('claim');
      return { body: envelope(CLAIM) };
    },
    'GET /rights/bank/queryById': () => {
      asked.push('bank');
      return { body: envelope({ id: 'k1', bankName: '工商银行', accountNo: '6222000011112222', accountName: '华光代理' }) };
    },
    [`POST ${ClaimPath.bizReview}`]: post(ClaimPath.bizReview),
    'POST /rights/bank/approve': post('/rights/bank/approve'),
  });
  renderAt('/rights/approval/todo', <ApprovalTodoList />);
  return { asked, sent };
}

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

signedInEach(ui);

describe('DOMAIN.md "One 审批 screen lists what waits for me": each type is decided in its own review', { timeout: 20_000 }, () => {
  it('a claim opens 业务审核 with its invoices and files under their uploaded names, and 通过 posts the claim review', async () => {
    const { asked, sent } = renderTodo([todo(ApprovalBizType.claim, 'c1', 'BX20261125001 华光代理')]);
    fireEvent.click(within(await rowOf('BX20261125001 华光代理')).getByText('审批'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('业务审核：BX20261125001')).toBeTruthy();
    expect(within(dialog).getByText('12345678901234567890')).toBeTruthy();
    expect(await within(dialog).findByText('公证费发票.pdf')).toBeTruthy();
    expect(within(dialog).getByLabelText('核定金额（元）')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '提 交' }));
    await waitFor(() => expect(sent).toEqual([{ path: ClaimPath.bizReview, body: { id: 'c1', result: 'pass', opinion: null, approvedAmount: '3000.00' } }]));
    expect(asked).toEqual(['claim']);
  });

  it('a bank account still opens the account decision', async () => {
    const { asked, sent } = renderTodo([todo(ApprovalBizType.bank, 'k1', '工商银行 尾号2222')]);
    fireEvent.click(within(await rowOf('工商银行 尾号2222')).getByText('审批'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('button', { name: '通 过' }));
    await waitFor(() => expect(sent.map((s) => s.path)).toEqual(['/rights/bank/approve']));
    expect(asked).toEqual(['bank']);
  });

  it("an unknown type is an error message, never another type's dialog", async () => {
    const { asked, sent } = renderTodo([todo('99', 'x1', '来历不明的事项')]);
    fireEvent.click(within(await rowOf('来历不明的事项')).getByText('审批'));
    await waitFor(() =>
      expect(ui.notification.error).toHaveBeenCalledWith(expect.objectContaining({ description: expect.stringContaining('未知的业务类型') })),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(asked).toEqual([]);
    expect(sent).toEqual([]);
  });

  it("事项 links to the batch's detail and to the claim; a record without a page of its own is text", async () => {
    renderTodo([
      todo(ApprovalBizType.threaded, 'b1', 'XS20261101001 淘宝假冒线索'),
      todo(ApprovalBizType.claim, 'c1', 'BX20261125001 华光代理'),
      todo(ApprovalBizType.right, 'r1', '华光（注册号 123）'),
    ]);
    expect((await screen.findByRole('link', { name: 'XS20261101001 淘宝假冒线索' })).getAttribute('href')).toBe('/rights/batch/detail/b1');
    expect(screen.getByRole('link', { name: 'BX20261125001 华光代理' }).getAttribute('href')).toBe('/finance/claim/list?id=c1');
    expect(screen.queryByRole('link', { name: '华光（注册号 123）' })).toBeNull();
  });
});
