import { StorageKey, type AuthItem, type Envelope, type Page } from '@sbwq/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback } from '../../platform/feedback.ts';
import { session } from '../../platform/storage.ts';
import { envelope } from '../../test/fakeServer.ts';
import type { Query } from '../../platform/http.ts';
import { ListPage } from './ListPage.tsx';
import { totalText } from './pagination.ts';
import type { ListDefinition } from './types.ts';

configure({ asyncUtilTimeout: 5_000 });

type Row = { id: string; name: string; phone: string; createTime: string };

const rows: Row[] = Array.from({ length: 25 }, (_, i) => ({ id: `r${i + 1}`, name: `名称${i + 1}`, phone: `1380000${String(i).padStart(4, '0')}`, createTime: '2026-01-01 00:00:00' }));

function pageOf(params: Query): Envelope<Page<Row>> {
  const pageNo = Number(params.pageNo);
  const pageSize = Number(params.pageSize);
  const records = rows.slice((pageNo - 1) * pageSize, pageNo * pageSize);
  return envelope({ records, total: rows.length, size: pageSize, current: pageNo, pages: Math.ceil(rows.length / pageSize) });
}

const grant = (...codes: string[]) => codes.map((action): AuthItem => ({ action, type: '1', describe: action }));
const system = (...codes: string[]) => codes.map((action): AuthItem => ({ action, type: '1', describe: action, status: '1' }));
const ALL = ['demo:add', 'demo:edit', 'demo:delete', 'demo:export', 'demo:import', 'demo:phone'];

function definition(over: Partial<ListDefinition<Row>> = {}) {
  const list = vi.fn(async (params: Query) => pageOf(params));
  const removeBatch = vi.fn(async (_ids: string[]) => envelope(null, { message: '批量删除成功!' }));
  const def: ListDefinition<Row> = {
    key: `demo-${Math.random()}`,
    entity: '示例',
    permission: 'demo',
    api: { list, removeBatch, remove: async () => envelope(null), add: async () => envelope(null), edit: async () => envelope(null), exportUrl: '/demo/exportXls', importUrl: '/demo/importExcel' },
    columns: [
      { title: '名称', dataIndex: 'name', sorter: true },
      { title: '电话', dataIndex: 'phone' },
      { title: '创建时间', dataIndex: 'createTime', sorter: true },
    ],
    search: [
      { name: 'name', label: '名称' },
      { name: 'phone', label: '电话', hidden: true },
    ],
    form: { fields: () => [] },
    ...over,
  };
  return { def, list, removeBatch };
}

function show(def: ListDefinition<Row>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AntApp>
      <QueryClientProvider client={client}>
        <ListPage definition={def} />
      </QueryClientProvider>
    </AntApp>,
  );
}

beforeEach(() => {
  bindFeedback(null);
  session.set(StorageKey.userAuth, grant(...ALL));
  session.set(StorageKey.sysAuth, system(...ALL));
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('ListPage', { timeout: 60_000 }, () => {
  it('§9 pagination: 10 rows a page by default, total text "{from}-{to} 共 {n} 条", sizes 10/20/30', async () => {
    const { def, list } = definition();
    show(def);
    expect(await screen.findByText('1-10 共 25 条')).toBeTruthy();
    expect(list.mock.calls[0][0]).toMatchObject({ pageNo: 1, pageSize: 10, column: 'createTime', order: 'desc' });
    expect(document.querySelectorAll('tbody tr.ant-table-row')).toHaveLength(10);
    expect(document.querySelector('.ant-pagination-options-quick-jumper')).toBeTruthy();
    expect(document.querySelector('.ant-table-medium')).toBeTruthy();

    fireEvent.click(screen.getByTitle('3'));
    expect(await screen.findByText('21-25 共 25 条')).toBeTruthy();
    expect(list.mock.lastCall![0]).toMatchObject({ pageNo: 3, pageSize: 10 });
    expect(totalText(25, [11, 20])).toBe('11-20 共 25 条');
  });

  it('issue 11 "375 px": the table is as wide as its columns (a flexible one 140 px), so a narrow screen scrolls it inside the card', async () => {
    const { def } = definition();
    show(def);
    await screen.findByText('1-10 共 25 条');
    // three flexible columns, the 170 px 操作 column and the 32 px checkbox column
    const table = document.querySelector<HTMLTableElement>('.ant-table-content > table')!;
    expect(table.style.width).toBe(`${3 * 140 + 170 + 32}px`);
    expect(table.style.tableLayout).toBe('fixed');
  });

  it('JeecgBoot sorting: a sortable column sends column and order asc|desc', async () => {
    const { def, list } = definition();
    show(def);
    await screen.findByText('1-10 共 25 条');
    fireEvent.click(screen.getByText('名称', { selector: 'thead .ant-table-column-title' }));
    await waitFor(() => expect(list.mock.lastCall![0]).toMatchObject({ column: 'name', order: 'asc' }));
    fireEvent.click(screen.getByText('名称', { selector: 'thead .ant-table-column-title' }));
    await waitFor(() => expect(list.mock.lastCall![0]).toMatchObject({ column: 'name', order: 'desc' }));
  });

  it('search: 查询 sends *text* (LIKE), hidden fields show after 展开, 重置 clears the filter', async () => {
    const { def, list } = definition();
    show(def);
    await screen.findByText('1-10 共 25 条');
    expect(screen.queryByPlaceholderText('请输入电话')).toBeNull();
    fireEvent.click(screen.getByText('展开'));
    fireEvent.change(screen.getByPlaceholderText('请输入电话'), { target: { value: '138' } });
    fireEvent.change(screen.getByPlaceholderText('请输入名称'), { target: { value: '名称1' } });
    fireEvent.submit(screen.getByRole('button', { name: /查\s*询/ }).closest('form')!);
    await waitFor(() => expect(list.mock.lastCall![0]).toMatchObject({ name: '*名称1*', phone: '*138*', pageNo: 1 }));
    fireEvent.click(screen.getByText('收起'));
    expect(screen.queryByPlaceholderText('请输入电话')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(list.mock.lastCall![0]).not.toHaveProperty('name'));
  });

  it('§5 batch delete asks "确定要删除这 N 项吗?" and deletes the selected ids', async () => {
    const { def, removeBatch } = definition();
    show(def);
    await screen.findByText('1-10 共 25 条');
    expect(screen.queryByRole('button', { name: /批量删除/ })).toBeNull();
    const [first, second] = screen.getAllByRole('checkbox').slice(1);
    fireEvent.click(first);
    fireEvent.click(second);
    expect(screen.getByRole('status', { name: '已选择' }).textContent).toContain('已选择 2 项');
    fireEvent.click(screen.getByRole('button', { name: /批量删除/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确定要删除这 2 项吗?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(removeBatch).toHaveBeenCalledWith(['r1', 'r2']));
    await waitFor(() => expect(screen.getByRole('status', { name: '已选择' }).textContent).toContain('已选择 0 项'));
  });

  it('已选择 N 项 … 清空 empties the selection', async () => {
    const { def } = definition();
    show(def);
    await screen.findByText('1-10 共 25 条');
    fireEvent.click(screen.getAllByRole('checkbox')[0]);
    expect(screen.getByRole('status', { name: '已选择' }).textContent).toContain('已选择 10 项');
    fireEvent.click(screen.getByRole('button', { name: /清\s*空/ }));
    expect(screen.getByRole('status', { name: '已选择' }).textContent).toContain('已选择 0 项');
  });

  it('§6 toolbar buttons are hidden when the prefix-built code is not granted', async () => {
    session.set(StorageKey.userAuth, grant('demo:export'));
    const { def } = definition();
    show(def);
    await screen.findByText('1-10 共 25 条');
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /导\s*入/ })).toBeNull();
    expect(screen.queryByText('删除')).toBeNull();
    expect(screen.queryByText('编辑')).toBeNull();
  });

  it('§6 a granted code shows its toolbar buttons and row actions', async () => {
    const { def } = definition();
    show(def);
    await screen.findByText('1-10 共 25 条');
    expect(screen.getByRole('button', { name: /新\s*增/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /导\s*入/ })).toBeTruthy();
    expect(screen.getAllByText('编辑')).toHaveLength(10);
  });

  it('§6 authorisation strategy "2": an ungranted 新增 / 编辑 shows disabled instead of disappearing', async () => {
    session.set(StorageKey.userAuth, grant('demo:export'));
    session.set(StorageKey.sysAuth, [...system('demo:delete', 'demo:export', 'demo:import', 'demo:phone'), ...['demo:add', 'demo:edit'].map((action): AuthItem => ({ action, type: '2', describe: action, status: '1' }))]);
    const { def } = definition();
    show(def);
    await screen.findByText('1-10 共 25 条');
    expect((screen.getByRole('button', { name: /新\s*增/ }) as HTMLButtonElement).disabled).toBe(true);
    const edits = screen.getAllByRole('button', { name: '编辑' }) as HTMLButtonElement[];
    expect(edits).toHaveLength(10);
    expect(edits.every((button) => button.disabled)).toBe(true);
    expect(screen.queryByRole('button', { name: '删除' })).toBeNull();
    expect((screen.getByRole('button', { name: /导\s*出/ }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('§6 column permission: a field whose type "1" code the user lacks is not shown', async () => {
    session.set(StorageKey.userAuth, grant('demo:add'));
    const { def } = definition();
    show(def);
    await screen.findByText('1-10 共 25 条');
    expect(screen.queryByText('电话', { selector: 'th, th *' })).toBeNull();
    expect(screen.getByText('名称', { selector: 'thead .ant-table-column-title' })).toBeTruthy();
  });

  it('an empty list says 暂无数据', async () => {
    const { def } = definition({ api: { list: async () => envelope({ records: [], total: 0, size: 10, current: 1, pages: 0 }) } });
    show(def);
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });
});
