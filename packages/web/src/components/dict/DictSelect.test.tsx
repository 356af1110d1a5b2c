import { StorageKey } from '@sbwq/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { local } from '../../platform/storage.ts';
import { envelope, fakeServer } from '../../test/fakeServer.ts';
import { DictSelect, NOTHING_FOUND, SEARCH_DEBOUNCE_MS, SEARCH_PROMPT } from './DictSelect.tsx';
import { DictTag } from './DictTag.tsx';

const cities = [
  { value: 'bj', text: '北京', title: '北京' },
  { value: 'sh', text: '上海', title: '上海' },
  { value: 'gz', text: '广州', title: '广州' },
];

function show(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

const optionTexts = () => [...document.querySelectorAll('.ant-select-item-option-content')].map((el) => el.textContent);

function open() {
  const input = screen.getByRole('combobox');
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  return input;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('DictSelect', () => {
  it('takes its items from the login dictionary cache (sysAllDictItems)', async () => {
    local.set(StorageKey.dictCache, { city: cities });
    show(<DictSelect code="city" open />);
    expect(optionTexts()).toEqual(['北京', '上海', '广州']);
  });

  it('§9 search waits 300 ms after typing before filtering', async () => {
    local.set(StorageKey.dictCache, { city: cities });
    vi.useFakeTimers();
    show(<DictSelect code="city" open />);
    const input = open();
    fireEvent.change(input, { target: { value: '上' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50));
    expect(optionTexts()).toEqual(['北京', '上海', '广州']);
    act(() => vi.advanceTimersByTime(60));
    expect(optionTexts()).toEqual(['上海']);
  });

  it('§5 tips: 请输入搜索内容 before a search, 没有查询到任何数据 when nothing matches', async () => {
    local.set(StorageKey.dictCache, { city: cities, empty: [] });
    vi.useFakeTimers();
    show(
      <>
        <DictSelect code="empty" open />
      </>,
    );
    expect(screen.getByText(SEARCH_PROMPT)).toBeTruthy();
    cleanup();
    show(<DictSelect code="city" open />);
    const input = open();
    fireEvent.change(input, { target: { value: '深圳' } });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS + 10));
    expect(screen.getByText(NOTHING_FOUND)).toBeTruthy();
    expect(optionTexts()).toEqual([]);
  });

  it('fetches GET /sys/dict/getDictItems/{code} when the cache lacks the dictionary', async () => {
    const fetchMock = fakeServer({ 'GET /sys/dict/getDictItems/city': () => ({ body: envelope(cities) }) });
    show(<DictSelect code="city" open />);
    expect(await screen.findByText('广州')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0][0])).not.toContain('_t=');
  });
});

describe('DictTag', () => {
  it('§6.2 shows the server _dictText, else the cached text, as a coloured tag when colours are given', () => {
    local.set(StorageKey.dictCache, {
      user_status: [
        { value: '1', text: '正常', title: '正常' },
        { value: '2', text: '冻结', title: '冻结' },
      ],
    });
    show(
      <>
        <DictTag code="user_status" value={2} colors={{ '2': 'red' }} />
        <DictTag code="user_status" value={1} text="启用" />
      </>,
    );
    expect(screen.getByText('冻结').closest('.ant-tag')).toBeTruthy();
    expect(screen.getByText('启用').closest('.ant-tag')).toBeNull();
  });
});
