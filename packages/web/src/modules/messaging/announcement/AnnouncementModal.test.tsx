import { AnnouncementMsg, type AnnouncementRecord } from '@sbwq/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, type Feedback } from '../../../platform/feedback.ts';
import { envelope, fakeServer } from '../../../test/fakeServer.ts';
import { AnnouncementModal, bodyOf, valuesOf } from './AnnouncementModal.tsx';

configure({ asyncUtilTimeout: 8_000 });

const record = {
  id: 'a1',
  titile: '年度总结',
  msgContent: '<p>内容</p>',
  msgAbstract: '摘要',
  startTime: '2026-01-01 08:00:00',
  endTime: '2026-01-31 18:00:00',
  priority: 'H',
  msgCategory: '2',
  msgType: 'USER',
  userIds: 'u1,u2,',
  openType: 'url',
  openPage: '/isps/userAnnouncement',
  sendStatus: '0',
} as AnnouncementRecord;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  bindFeedback(null);
});

describe('通告 form ↔ request body (JEECG-API §5.2 add/edit)', () => {
  it('a record loads into the form and comes back as the same body, dates as YYYY-MM-DD HH:mm:ss and user_ids with the trailing comma', () => {
    const values = valuesOf(record);
    expect(dayjs.isDayjs(values.startTime)).toBe(true);
    expect(bodyOf(values, record)).toEqual({
      id: 'a1',
      titile: '年度总结',
      msgCategory: '2',
      priority: 'H',
      msgType: 'USER',
      userIds: 'u1,u2,',
      startTime: '2026-01-01 08:00:00',
      endTime: '2026-01-31 18:00:00',
      openType: 'url',
      openPage: '/isps/userAnnouncement',
      msgAbstract: '摘要',
      msgContent: '<p>内容</p>',
    });
  });

  it('all users: no user ids are sent; blank optional fields are sent as null', () => {
    const body = bodyOf(
      { ...valuesOf(record), msgType: 'ALL', openType: null, openPage: '  ', msgAbstract: '', startTime: null, endTime: null, msgContent: '' },
      null,
    );
    expect(body).toMatchObject({
      msgType: 'ALL',
      userIds: null,
      openType: null,
      openPage: null,
      msgAbstract: null,
      startTime: null,
      endTime: null,
      msgContent: null,
    });
    expect(body).not.toHaveProperty('id');
  });
});

describe('新增通告 dialog', { timeout: 30_000 }, () => {
  it("refuses an empty title, chosen users without a user and an outside address without openType url, with the contracts' words; then saves", async () => {
    const ui = {
      message: { success: vi.fn(), warning: vi.fn(), error: vi.fn() },
      notification: { error: vi.fn() },
      modal: { confirm: vi.fn(), error: vi.fn() },
    };
    bindFeedback(ui as unknown as Feedback);
    const fetchMock = fakeServer({ 'POST /sys/annountCement/add': () => ({ body: envelope('new-id', { message: AnnouncementMsg.added }) }) });
    const onSaved = vi.fn();
    render(
      <AntApp>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <AnnouncementModal open record={null} onClose={vi.fn()} onSaved={onSaved} />
        </QueryClientProvider>
      </AntApp>,
    );
    fireEvent.click(screen.getByLabelText('指定用户'));
    expect(await screen.findByRole('button', { name: /选择用户/ })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('打开页面'), { target: { value: 'https://docs.example.org' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText(AnnouncementMsg.titleRequired)).toBeTruthy();
    expect(await screen.findByText(AnnouncementMsg.usersRequired)).toBeTruthy();
    expect(await screen.findByText(AnnouncementMsg.openPageBad)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    // all users, an internal page: it saves, and the answer is shown
    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '系统维护通知' } });
    fireEvent.click(screen.getByLabelText('全体用户'));
    await waitFor(() => expect(screen.queryByRole('button', { name: /选择用户/ })).toBeNull());
    fireEvent.change(screen.getByLabelText('打开页面'), { target: { value: '/dashboard/analysis' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('/annountCement/add'))!;
    expect(JSON.parse(String(init?.body))).toMatchObject({
      titile: '系统维护通知',
      msgType: 'ALL',
      userIds: null,
      msgCategory: '1',
      priority: 'L',
      openPage: '/dashboard/analysis',
    });
    expect(ui.message.success).toHaveBeenCalledWith(AnnouncementMsg.added);
  });
});
