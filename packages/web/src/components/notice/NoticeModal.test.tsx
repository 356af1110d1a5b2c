import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLAIM_LIST_PAGE, claimPage, PAYMENT_LIST_PAGE } from './claim.pages.ts';
import { openInNewWindow } from '../../platform/browser.ts';
import type { NoticeView } from './notice.api.ts';
import { EXPENSE_REMINDER_TEXT, NoticeModal } from './NoticeModal.tsx';

configure({ asyncUtilTimeout: 5_000 });
vi.mock('../../platform/browser.ts', () => ({ reloadPage: vi.fn(), loadPage: vi.fn(), openInNewWindow: vi.fn() }));

const view = (over: Partial<NoticeView> = {}): NoticeView => ({
  anntId: 'a1',
  titile: '关于上传报销信息的通知',
  sender: 'admin',
  senderName: null,
  sendTime: '2026-01-05 10:00:00',
  priority: 'M',
  msgContent: '<p>请及时处理<strong>本月</strong>的报销。</p>',
  msgAbstract: null,
  openType: null,
  openPage: null,
  busType: null,
  ...over,
});

const onClose = vi.fn();

function Harness({ notice }: { notice: NoticeView }) {
  const location = useLocation();
  return (
    <>
      <NoticeModal notice={notice} onClose={onClose} />
      <output data-testid="where">{location.pathname}</output>
    </>
  );
}

function show(notice: NoticeView) {
  const router = createMemoryRouter([{ path: '*', element: <Harness notice={notice} /> }], { initialEntries: ['/dashboard/analysis'] });
  render(
    <AntApp>
      <RouterProvider router={router} />
    </AntApp>,
  );
  return screen.getByRole('dialog');
}

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('§2 notice modal', { timeout: 20_000 }, () => {
  it('§9 default width 60%: title, sender, publish time, priority and the HTML body; 关闭 closes it', async () => {
    const dialog = show(view());
    expect(dialog.getAttribute('style')).toContain('--ant-modal-md-width: 60%');
    expect(within(dialog).getByText('通知消息')).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: '关于上传报销信息的通知' })).toBeTruthy();
    expect(within(dialog).getByText('发布人：admin')).toBeTruthy();
    expect(within(dialog).getByText('发布时间：2026-01-05 10:00:00')).toBeTruthy();
    expect(within(dialog).getByText('重要')).toBeTruthy();
    expect(within(dialog).getByTestId('notice-content').innerHTML).toBe('<p>请及时处理<strong>本月</strong>的报销。</p>');
    // a notice without a page to go to: no 去处理, no reminder
    expect(within(dialog).queryByRole('button', { name: /去\s*处\s*理/ })).toBeNull();
    expect(within(dialog).queryByText(EXPENSE_REMINDER_TEXT)).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: /关\s*闭/ }));
    expect(onClose).toHaveBeenCalledTimes(1);
    // and the × in the corner
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('openType url to a claim page: 去处理 with the red reminder about expense-claim information in 付款管理; it closes the modal and goes to the claim', async () => {
    const dialog = show(view({ openType: 'url', openPage: claimPage('c1') }));
    const reminder = within(dialog).getByText(EXPENSE_REMINDER_TEXT);
    expect(reminder.className).toMatch(/reminder/);
    fireEvent.click(within(dialog).getByRole('button', { name: /去\s*处\s*理/ }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(CLAIM_LIST_PAGE));
  });

  it('the reminder belongs to claim notices only: 去处理 to another page (a batch decision) shows none', () => {
    const dialog = show(view({ openType: 'url', openPage: '/rights/batch/detail/b1' }));
    expect(within(dialog).getByRole('button', { name: /去\s*处\s*理/ })).toBeTruthy();
    expect(within(dialog).queryByText(EXPENSE_REMINDER_TEXT)).toBeNull();
    cleanup();
    expect(within(show(view({ openType: 'url', openPage: PAYMENT_LIST_PAGE }))).getByText(EXPENSE_REMINDER_TEXT)).toBeTruthy();
  });

  it("发布人 reads the sender's name when the server gives it, the account otherwise", () => {
    expect(within(show(view({ senderName: '系统管理员' }))).getByText('发布人：系统管理员')).toBeTruthy();
    cleanup();
    expect(within(show(view())).getByText('发布人：admin')).toBeTruthy();
  });

  it("the system's claim notices that ask for nothing (已付款, 付款失败) lead to the claim without the upload reminder; a closed batch and a claim sent back keep it", () => {
    for (const busType of ['claim_paid', 'claim_pay_failed']) {
      expect(within(show(view({ openType: 'url', openPage: claimPage('c1'), busType }))).queryByText(EXPENSE_REMINDER_TEXT)).toBeNull();
      cleanup();
    }
    for (const busType of ['claim_batch_closed', 'claim_returned']) {
      expect(within(show(view({ openType: 'url', openPage: claimPage('c1'), busType }))).getByText(EXPENSE_REMINDER_TEXT)).toBeTruthy();
      cleanup();
    }
  });

  it('openType url with an allowed outside address opens it in a new window; openType component shows no 去处理', () => {
    const dialog = show(view({ openType: 'url', openPage: 'https://docs.example.org/guide' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /去\s*处\s*理/ }));
    expect(openInNewWindow).toHaveBeenCalledWith('https://docs.example.org/guide');
    cleanup();

    const other = show(view({ openType: 'component', openPage: '/rights/payment' }));
    expect(within(other).queryByRole('button', { name: /去\s*处\s*理/ })).toBeNull();
  });

  it('a notice without a body shows its summary, or 暂无内容', () => {
    const dialog = show(view({ msgContent: null, msgAbstract: '摘要文字' }));
    expect(within(dialog).getByText('摘要文字')).toBeTruthy();
    cleanup();
    expect(within(show(view({ msgContent: null }))).getByText('暂无内容')).toBeTruthy();
  });
});
