import { StorageKey } from '@sbwq/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { local } from '../../platform/storage.ts';
import { checkedValues, DictCheckbox } from './DictCheckbox.tsx';

const channels = [
  { value: '1', text: '短信', title: '短信' },
  { value: '2', text: '邮件', title: '邮件' },
  { value: '4', text: '系统', title: '系统' },
];

function show(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

const checked = () =>
  screen
    .getAllByRole('checkbox')
    .filter((box) => (box as HTMLInputElement).checked)
    .map((box) => box.closest('label')?.textContent);

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('DictCheckbox', () => {
  it('§6.2 reads a comma list of values (or an array) as the checked items', () => {
    local.set(StorageKey.dictCache, { msgType: channels });
    show(<DictCheckbox code="msgType" value="4,1" />);
    expect(checked()).toEqual(['短信', '系统']);
    expect(checkedValues(['2', 4])).toEqual(['2', '4']);
    expect(checkedValues('')).toEqual([]);
  });

  it('answers the checked values as a comma list in the dictionary order, undefined when none', () => {
    local.set(StorageKey.dictCache, { msgType: channels });
    const onChange = vi.fn();
    show(<DictCheckbox code="msgType" value="4" onChange={onChange} />);
    fireEvent.click(screen.getByRole('checkbox', { name: '短信' }));
    expect(onChange).toHaveBeenLastCalledWith('1,4');
    // controlled: the value is still "4", so unchecking 系统 leaves nothing
    fireEvent.click(screen.getByRole('checkbox', { name: '系统' }));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });
});
