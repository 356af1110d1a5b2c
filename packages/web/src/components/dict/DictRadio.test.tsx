import { StorageKey } from '@sbwq/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { local } from '../../platform/storage.ts';
import { envelope, fakeServer } from '../../test/fakeServer.ts';
import { DictRadio } from './DictRadio.tsx';

const status = [
  { value: '1', text: '启用', title: '启用' },
  { value: '0', text: '不启用', title: '不启用' },
];

function show(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('DictRadio', () => {
  it('shows one radio per cached item and checks a numeric value by its text form', () => {
    local.set(StorageKey.dictCache, { dict_item_status: status });
    show(<DictRadio code="dict_item_status" value={0} />);
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['启用', '不启用']);
    expect((screen.getByRole('radio', { name: '不启用' }) as HTMLInputElement).checked).toBe(true);
  });

  it('hands the picked item value to onChange', () => {
    local.set(StorageKey.dictCache, { dict_item_status: status });
    const onChange = vi.fn();
    show(<DictRadio code="dict_item_status" onChange={onChange} />);
    fireEvent.click(screen.getByRole('radio', { name: '启用' }));
    expect(onChange).toHaveBeenCalledWith('1');
  });

  it('fetches GET /sys/dict/getDictItems/{code} when the cache lacks the dictionary', async () => {
    fakeServer({ 'GET /sys/dict/getDictItems/dict_item_status': () => ({ body: envelope(status) }) });
    show(<DictRadio code="dict_item_status" />);
    expect(await screen.findByRole('radio', { name: '不启用' })).toBeTruthy();
  });
});
