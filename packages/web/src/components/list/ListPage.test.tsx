import { permCodes, StorageKey, type AuthItem, type Envelope, type Page, type UserInfo } from '@sbwq/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback } from '../../platform/feedback.ts';
import { useSession } from '../../platform/session.ts';
import { session } from '../../platform/storage.ts';
import { createQueryClient } from '../../app/queryClient.ts';
import { envelope } from '../../test/fakeServer.ts';
import { noticesSaying, toastsSaying } from '../../test/notices.ts';
import type { Query } from '../../platform/http.ts';
import { ListPage } from './ListPage.tsx';
import { totalText } from './pagination.ts';
import type { ListDefinition } from './types.ts';
import { columnSettingsKey } from './useColumnSettings.ts';

configure({ asyncUtilTimeout: 5_000 });

type Row = { id: string; name: string; phone: string; createTime: string };

const rows: Row[] = Array.from({ length: 25 }, (_, i) => ({
  id: `r${i + 1}`,
  name: `名称${i + 1}`,
  phone: `1380000${String(i).padStart(4, '0')}`,
  createTime: '2026-01-01 00:00:00',
}));

function pageOf(params: Query): Envelope<Page<Row>> {
  const pageNo = Number(params.pageNo);
  const pageSize = Number(params.pageSize);
  const records = rows.slice((pageNo - 1) * pageSize, pageNo * pageSize);
  return envelope({ records, total: rows.length, size: pageSize, current: pageNo, pages: Math.ceil(rows.length / pageSize) });
}

const grant = (...codes: string[]) => codes.map((action): AuthItem => ({ action, type: '1', describe: action }));
const system = (...codes: string[]) => codes.map((action): AuthItem => ({ action, type: '1', describe: action, status: '1' }));
/** a feature's codes as contracts declares them (`permCodes`), which is what a list screen takes */
const DemoPerm = permCodes('demo', ['add', 'edit', 'delete', 'export', 'import']);
const ALL = ['demo:add', 'demo:edit', 'demo:delete', 'demo:export', 'demo:import', 'demo:phone'];

function definition(over: Partial<ListDefinition<Row>> = {}) {
  const list = vi.fn(async (params: Query) => pageOf(params));
  const removeBatch = vi.fn(async (_ids: string[]) => envelope(null, { message: '批量删除成功!' }));
  const def: ListDefinition<Row> = {
    key: `demo-${Math.random()}`,
    entity: '示例',
    permission: DemoPerm,
    api: {
      list,
      removeBatch,
      remove: async () => envelope(null),
      add: async () => envelope(null),
      edit: async () => envelope(null),
      exportUrl: '/demo/exportXls',
      importUrl: '/demo/importExcel',
    },
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

function show(def: ListDefinition<Row>, client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
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
  it('§8 a list the server refuses to load is told once, as the 系统提示 notification with its words, and no toast', async () => {
    const refusal = '无权查看该机构的数据';
    const { def } = definition();
    const refused = vi.fn(async () => envelope(null as unknown as Page<Row>, { success: false, code: 500, message: refusal }));
    show({ ...def, api: { ...def.api, list: refused } }, createQueryClient());
    await waitFor(() => expect(noticesSaying(refusal)).toHaveLength(1));
    expect(noticesSaying(refusal)[0].textContent).toContain('系统提示');
    expect(toastsSaying(refusal)).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(noticesSaying(refusal)).toHaveLength(1);
    expect(refused).toHaveBeenCalledTimes(1);
  });

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

  it('375 px: the table is as wide as its columns (a flexible one 140 px), so a narrow screen scrolls it inside the card', async () => {
    const { def } = definition();
    show(def);
    await screen.findByText('1-10 共 25 条');
    // three flexible columns, the 操作 column (150 px until its buttons are measured; jsdom draws nothing) and the 32 px checkbox column
    const table = document.querySelector<HTMLTableElement>('.ant-table-content > table')!;
    expect(table.style.width).toBe(`${3 * 140 + 150 + 32}px`);
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

  it('WCAG 4.1.2 the selection checkboxes are named in Chinese (antd says "Select all"): 全选 and 选择此行', async () => {
    const { def } = definition();
    show(def);
    await screen.findByText('1-10 共 25 条');
    expect(screen.getByRole('checkbox', { name: '全选' })).toBeTruthy();
    expect(screen.getAllByRole('checkbox', { name: '选择此行' })).toHaveLength(10);
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
    session.set(StorageKey.sysAuth, [
      ...system('demo:delete', 'demo:export', 'demo:import', 'demo:phone'),
      ...['demo:add', 'demo:edit'].map((action): AuthItem => ({ action, type: '2', describe: action, status: '1' })),
    ]);
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

describe('ListPage table tools and batch actions (spec §1 list conventions)', { timeout: 60_000 }, () => {
  const headers = () => [...document.querySelectorAll('thead th')].map((th) => th.textContent).filter((text) => text && text !== '操作');
  const signInAs = (id: string) => useSession.setState({ userInfo: { id, username: id } as UserInfo });
  afterEach(() => {
    localStorage.clear();
    useSession.setState({ userInfo: null });
  });

  it("密度 switches the table between 默认, 中等 and 紧凑; 中等 (the spec's size) first", async () => {
    const { def } = definition();
    show(def);
    await screen.findByText('1-10 共 25 条');
    expect(document.querySelector('.ant-table-medium')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '密度' }));
    fireEvent.click(await screen.findByText('紧凑'));
    await waitFor(() => expect(document.querySelector('.ant-table-small')).toBeTruthy());
    expect(document.querySelector('.ant-table-medium')).toBeNull();
  });

  it('刷新 loads the current page again', async () => {
    const { def, list } = definition();
    show(def);
    await screen.findByText('1-10 共 25 条');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(list.mock.lastCall![0]).toMatchObject({ pageNo: 2 }));
    const calls = list.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: '刷新' }));
    await waitFor(() => expect(list.mock.calls.length).toBe(calls + 1));
    expect(list.mock.lastCall![0]).toMatchObject({ pageNo: 2 });
  });

  it('列设置 hides and reorders columns, kept per user across a remount; 重置 restores the definition', async () => {
    signInAs('u1');
    const { def } = definition();
    const first = show(def);
    await screen.findByText('1-10 共 25 条');
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    const panel = await screen.findByRole('group', { name: '列设置' });
    fireEvent.click(within(panel).getByRole('checkbox', { name: '电话' }));
    // past the hidden 电话, then past 创建时间
    fireEvent.click(within(panel).getByRole('button', { name: '下移 名称' }));
    fireEvent.click(within(panel).getByRole('button', { name: '下移 名称' }));
    await waitFor(() => expect(headers()).toEqual(['创建时间', '名称']));
    expect(localStorage.getItem(`pro__${columnSettingsKey('u1', def.key)}`)).toContain('"hidden":["phone"]');
    first.unmount();

    show(def);
    await screen.findByText('1-10 共 25 条');
    expect(headers()).toEqual(['创建时间', '名称']);
    cleanup();

    signInAs('u2');
    show(def);
    await screen.findByText('1-10 共 25 条');
    expect(headers()).toEqual(['名称', '电话', '创建时间']);
    cleanup();

    signInAs('u1');
    show(def);
    await screen.findByText('1-10 共 25 条');
    fireEvent.click(screen.getByRole('button', { name: '列设置' }));
    fireEvent.click(within(await screen.findByRole('group', { name: '列设置' })).getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(headers()).toEqual(['名称', '电话', '创建时间']));
    expect(localStorage.getItem(`pro__${columnSettingsKey('u1', def.key)}`)).toBeNull();
  });

  it('全屏 fills the window with the list card; Esc leaves it', async () => {
    const { def } = definition();
    show(def);
    await screen.findByText('1-10 共 25 条');
    fireEvent.click(screen.getByRole('button', { name: '全屏' }));
    expect(document.querySelector('.list-fullscreen')).toBeTruthy();
    expect(screen.getByRole('button', { name: '退出全屏' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(document.querySelector('.list-fullscreen')).toBeNull());
  });

  it("batch actions show beside 已选择 N 项 only with a selection; a resource's own one asks first and gets the selected ids", async () => {
    const freeze = vi.fn(async (_ids: string[]) => envelope(null, { message: '冻结成功' }));
    const { def } = definition({
      batchActions: [{ key: 'freeze', label: '冻结', confirm: (count) => `确定冻结这 ${count} 项吗?`, onClick: (ids) => freeze(ids) }],
    });
    show(def);
    await screen.findByText('1-10 共 25 条');
    expect(screen.queryByRole('group', { name: '批量操作' })).toBeNull();
    const [first, second] = screen.getAllByRole('checkbox').slice(1);
    fireEvent.click(first);
    fireEvent.click(second);
    const bar = screen.getByRole('group', { name: '批量操作' });
    expect(within(bar).getByRole('button', { name: /批量删除/ })).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: /冻\s*结/ }));
    // a confirm of an earlier test may still be fading out: take the one that asks this
    const dialog = (await screen.findByText('确定冻结这 2 项吗?')).closest<HTMLElement>('[role=dialog]')!;
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(freeze).toHaveBeenCalledWith(['r1', 'r2']));
    await waitFor(() => expect(screen.getByRole('status', { name: '已选择' }).textContent).toContain('已选择 0 项'));
  });

  it('导出 offers 导出当前筛选 / 导出选中 N 项 where the export takes the selection; 导出选中 sits beside the selection', async () => {
    const { def } = definition();
    show({ ...def, api: { ...def.api, exportSelections: true } });
    await screen.findByText('1-10 共 25 条');
    fireEvent.click(screen.getAllByRole('checkbox')[1]);
    expect(within(screen.getByRole('group', { name: '批量操作' })).getByRole('button', { name: /导出选中/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^download 导\s*出 down$/ }));
    expect(await screen.findByText('导出当前筛选')).toBeTruthy();
    expect(screen.getByText('导出选中 1 项')).toBeTruthy();
  });

  it('without exportSelections there is no 导出选中 (that export cannot take ids)', async () => {
    const { def } = definition();
    show(def);
    await screen.findByText('1-10 共 25 条');
    fireEvent.click(screen.getAllByRole('checkbox')[1]);
    expect(within(screen.getByRole('group', { name: '批量操作' })).queryByRole('button', { name: /导出选中/ })).toBeNull();
  });
});
