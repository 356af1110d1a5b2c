import type { MyAnnouncementSendRecord } from '@sbwq/contracts';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { adminInfo, envelope, fakeServer } from '../../test/fakeServer.ts';
import { renderAt, signedInEach } from '../../test/render.tsx';
import { READ_ALL_CONFIRM, UserAnnouncementList } from './UserAnnouncementList.tsx';

configure({ asyncUtilTimeout: 5_000 });
vi.mock('../../platform/browser.ts', () => ({ reloadPage: vi.fn(), loadPage: vi.fn(), openInNewWindow: vi.fn() }));

const delivery = (over: Partial<MyAnnouncementSendRecord>): MyAnnouncementSendRecord => ({
  id: 's1',
  anntId: 'a1',
  userId: adminInfo.id,
  titile: '通知',
  msgContent: '<p>正文</p>',
  sender: 'admin',
  priority: 'L',
  readFlag: '0',
  sendTime: '2026-01-05 10:00:00',
  msgCategory: '1',
  busId: null,
  busType: null,
  openType: null,
  openPage: null,
  msgAbstract: null,
  ...over,
});

const confirm = vi.fn((config: { onOk?: () => unknown }) => void config.onOk?.());
const ui = { notification: { error: vi.fn() }, modal: { confirm, error: vi.fn() }, message: { success: vi.fn(), warning: vi.fn(), error: vi.fn() } };

function renderList(rows: () => MyAnnouncementSendRecord[]) {
  const calls: { method: string; path: string; body?: unknown; query?: string }[] = [];
  const fetchMock = fakeServer({
    'GET /sys/sysAnnouncementSend/getMyAnnouncementSend': (url) => {
      calls.push({ method: 'GET', path: 'list', query: url.search });
      const records = rows();
      return { body: envelope({ records, total: records.length, size: 10, current: 1, pages: 1 }) };
    },
    'PUT /sys/sysAnnouncementSend/editByAnntIdAndUserId': (_url, init) => {
      calls.push({ method: 'PUT', path: 'read', body: JSON.parse(String(init.body)) });
      return { body: envelope(null) };
    },
    'PUT /sys/sysAnnouncementSend/readAll': () => {
      calls.push({ method: 'PUT', path: 'readAll' });
      return { body: envelope(null, { message: '全部已读' }) };
    },
    'GET /sys/dict/getDictItems/*': () => ({ body: envelope([]) }),
  });
  renderAt('/isps/userAnnouncement', <UserAnnouncementList />);
  return { calls, fetchMock };
}

signedInEach(ui);

describe('我的消息 /isps/userAnnouncement (spec §2 route table; JEECG-API §5.2)', { timeout: 20_000 }, () => {
  it('lists the notices with read state; 查看 opens the notice modal and marks an unread one read', async () => {
    let rows = [delivery({ titile: '未读的通知', msgContent: '<p>请查看</p>' }), delivery({ id: 's2', anntId: 'a2', titile: '已读的通知', readFlag: '1' })];
    const { calls } = renderList(() => rows);
    const unread = (await screen.findByText('未读的通知')).closest('tr')!;
    expect(within(unread).getByText('未读')).toBeTruthy();
    expect(within(screen.getByText('已读的通知').closest('tr')!).getByText('已读')).toBeTruthy();

    rows = rows.map((r) => ({ ...r, readFlag: '1' }));
    fireEvent.click(within(unread).getByRole('button', { name: '查看' }));
    await waitFor(() => expect(document.querySelector('.ant-modal-title')?.textContent).toBe('通知消息'));
    expect(screen.getByTestId('notice-content').textContent).toBe('请查看');
    await waitFor(() => expect(calls.filter((c) => c.path === 'read')).toEqual([{ method: 'PUT', path: 'read', body: { anntId: 'a1' } }]));
    // the list reloads and shows it read
    await waitFor(() => expect(calls.filter((c) => c.path === 'list').length).toBeGreaterThanOrEqual(2));
  });

  it('查看 on a notice already read does not mark it again', async () => {
    const { calls } = renderList(() => [delivery({ titile: '早已读过', readFlag: '1' })]);
    fireEvent.click(within((await screen.findByText('早已读过')).closest('tr')!).getByRole('button', { name: '查看' }));
    await waitFor(() => expect(document.querySelector('.ant-modal-title')?.textContent).toBe('通知消息'));
    expect(calls.filter((c) => c.path === 'read')).toEqual([]);
  });

  it('全部标注已读 asks first (是否全部标注已读?), then marks everything read and shows the answer', async () => {
    const { calls } = renderList(() => [delivery({ titile: '一条未读' })]);
    await screen.findByText('一条未读');
    fireEvent.click(screen.getByRole('button', { name: /全部标注已读/ }));
    expect(confirm).toHaveBeenCalledWith(expect.objectContaining({ content: READ_ALL_CONFIRM }));
    await waitFor(() => expect(calls.some((c) => c.path === 'readAll')).toBe(true));
    await waitFor(() => expect(ui.message.success).toHaveBeenCalledWith('全部已读'));
  });

  it('search sends 标题 as a contains filter; an empty result shows 暂无数据', async () => {
    const { calls } = renderList(() => []);
    await waitFor(() => expect(calls.length).toBe(1));
    fireEvent.change(screen.getByPlaceholderText('请输入标题'), { target: { value: '报销' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(calls.at(-1)?.query).toContain(`titile=${encodeURIComponent('*报销*')}`));
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });
});
