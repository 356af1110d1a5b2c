import type { CategoryTreeNode } from '@sbwq/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../app/queryClient.ts';
import { envelope, fakeServer } from '../../test/fakeServer.ts';
import { CategorySelect } from './CategorySelect.tsx';

const tree: CategoryTreeNode[] = [
  {
    key: 'c1',
    title: '侵权证据类型',
    value: 'c1',
    code: 'A01',
    parentId: '0',
    isLeaf: false,
    children: [
      { key: 'c11', title: '公证购买', value: 'c11', code: 'A01A01', parentId: 'c1', isLeaf: true },
      { key: 'c12', title: '网页截图与时间戳', value: 'c12', code: 'A01A02', parentId: 'c1', isLeaf: true },
    ],
  },
];

function show(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

const noticesSaying = (text: string) => [...document.querySelectorAll('.ant-notification-notice')].filter((el) => el.textContent?.includes(text));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('CategorySelect', () => {
  it('loads the tree from GET /sys/category/loadTreeData (pcode for a subtree) and shows a value by its name', async () => {
    const fetchMock = fakeServer({ 'GET /sys/category/loadTreeData': () => ({ body: envelope(tree) }) });
    show(<CategorySelect pcode="A01" value="c12" />);
    expect(await screen.findByText('网页截图与时间戳')).toBeTruthy();
    expect(new URL(String(fetchMock.mock.calls[0][0]), 'http://x').searchParams.get('pcode')).toBe('A01');
  });

  it('picks a node of the tree; multiple values travel as a comma list of ids', async () => {
    fakeServer({ 'GET /sys/category/loadTreeData': () => ({ body: envelope(tree) }) });
    const onChange = vi.fn();
    show(<CategorySelect multiple value="c11" onChange={onChange} open treeDefaultExpandAll />);
    const option = await screen.findByTitle('网页截图与时间戳');
    fireEvent.click(option);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('c11,c12'));
  });

  it('§8 a tree the server refuses is told once, as the 系统提示 notification with its words', async () => {
    const refusal = '该编码【X99】不存在，请核实!';
    fakeServer({ 'GET /sys/category/loadTreeData': () => ({ body: envelope(null, { success: false, message: refusal }) }) });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CategorySelect pcode="X99" open />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(noticesSaying(refusal)).toHaveLength(1));
    expect(noticesSaying(refusal)[0].textContent).toContain('系统提示');
    expect(screen.getAllByText(refusal)).toHaveLength(1);
  });
});
