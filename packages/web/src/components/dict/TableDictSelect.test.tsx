import { Msg } from '@sbwq/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/queryClient.ts';
import { envelope, fakeServer } from '../../test/fakeServer.ts';
import { NOTHING_FOUND, SEARCH_DEBOUNCE_MS, SEARCH_PROMPT } from './DictSelect.tsx';
import { TableDictSelect } from './TableDictSelect.tsx';

const CODE = 'sys_user,realname,username';
const users = [
  { value: 'admin', text: '系统管理员', title: '系统管理员' },
  { value: 'reviewer', text: '审核员小王', title: '审核员小王' },
];

function show(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

const optionTexts = () => [...document.querySelectorAll('.ant-select-item-option-content')].map((el) => el.textContent);

function server() {
  const keywords: string[] = [];
  const fetchMock = fakeServer({
    [`GET /sys/dict/loadDict/${encodeURIComponent(CODE)}`]: (url) => {
      const keyword = url.searchParams.get('keyword') ?? '';
      keywords.push(keyword);
      return { body: envelope(users.filter((user) => user.text.includes(keyword))) };
    },
    [`GET /sys/dict/loadDictItem/${encodeURIComponent(CODE)}`]: (url) => ({
      body: envelope((url.searchParams.get('key') ?? '').split(',').flatMap((key) => users.filter((user) => user.value === key).map((user) => user.text))),
    }),
  });
  return { fetchMock, keywords };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('TableDictSelect', () => {
  it('shows a value set before any search by its text (GET /sys/dict/loadDictItem/{code}?key=)', async () => {
    const { fetchMock } = server();
    show(<TableDictSelect code={CODE} value="reviewer" />);
    expect(await screen.findByText('审核员小王')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0][0])).toContain('key=reviewer');
  });

  it('§7 searches GET /sys/dict/loadDict/{code}?keyword= 300 ms after the last key, with the §5 tips', async () => {
    const { keywords } = server();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    show(<TableDictSelect code={CODE} />);
    const input = screen.getByRole('combobox');
    fireEvent.mouseDown(input);
    await waitFor(() => expect(optionTexts()).toEqual(['系统管理员', '审核员小王']));
    expect(keywords).toEqual(['']);

    fireEvent.change(input, { target: { value: '审' } });
    fireEvent.change(input, { target: { value: '审核' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 100));
    expect(keywords).toEqual(['']);
    act(() => vi.advanceTimersByTime(150));
    await waitFor(() => expect(optionTexts()).toEqual(['审核员小王']));
    expect(keywords).toEqual(['', '审核']);

    fireEvent.change(input, { target: { value: '深圳' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS + 10));
    expect(await screen.findByText(NOTHING_FOUND)).toBeTruthy();
  });

  it('§5 tip 请输入搜索内容 while no search was typed and the table offers nothing', async () => {
    fakeServer({ 'GET /sys/dict/loadDict/*': () => ({ body: envelope([]) }) });
    show(<TableDictSelect code={CODE} />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    expect(await screen.findByText(SEARCH_PROMPT)).toBeTruthy();
  });

  it('hands the picked value to onChange', async () => {
    server();
    const onChange = vi.fn();
    show(<TableDictSelect code={CODE} onChange={onChange} />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('系统管理员'));
    expect(onChange).toHaveBeenCalledWith('admin');
  });

  it('§8 a code the server registry refuses is told once, as the 系统提示 notification with its words', async () => {
    fakeServer({ 'GET /sys/dict/loadDict/*': () => ({ body: envelope(null, { success: false, message: Msg.dictTableNotAllowed }) }) });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <TableDictSelect code="sys_user,password,username" />
      </QueryClientProvider>,
    );
    fireEvent.mouseDown(screen.getByRole('combobox'));
    await waitFor(() => expect(document.querySelectorAll('.ant-notification-notice')).toHaveLength(1));
    const notice = document.querySelector('.ant-notification-notice')!;
    expect(notice.textContent).toContain(Msg.notificationTitle);
    expect(notice.textContent).toContain(Msg.dictTableNotAllowed);
    expect(await screen.findByText(NOTHING_FOUND)).toBeTruthy();
    expect(screen.getAllByText(Msg.dictTableNotAllowed)).toHaveLength(1);
  });
});
