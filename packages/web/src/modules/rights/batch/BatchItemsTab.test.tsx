import { BatchPath, BatchPerm, BatchStatus, type BatchItemRecord, type BatchRecord } from '@sbwq/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer } from '../../../test/fakeServer.ts';
import { BatchItemsTab } from './BatchItemsTab.tsx';

const item: BatchItemRecord = {
  id: 'i1',
  batchId: 'b1',
  seq: 1,
  linkUrl: 'https://item.taobao.com/item.htm?id=1001',
  shopName: '假冒旗舰店',
  operator: null,
  location: null,
  goodsName: null,
  price: '199.00',
  evidence: null,
  status: '1',
  status_dictText: '待处理',
  complaintNo: null,
  handleTime: null,
  remark: null,
  createTime: null,
  updateTime: null,
};

const batch = (status: BatchRecord['status'], editable: boolean) => ({ id: 'b1', status, editable, withdrawable: editable, itemCount: 1 }) as BatchRecord;

function server() {
  const saved: unknown[] = [];
  fakeServer({
    [`GET ${BatchPath.itemList}`]: () => ({ body: envelope({ records: [item], total: 1, size: 20, current: 1, pages: 1 }) }),
    [`POST ${BatchPath.itemSave}`]: (_, init) => {
      saved.push(JSON.parse(String(init.body)));
      return { body: envelope(null, { message: '线索明细已保存' }) };
    },
    'GET /sys/dict/getDictItems/*': () => ({ body: envelope([]) }),
  });
  return saved;
}

function show(record: BatchRecord, codes: string[], onChanged = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <BatchItemsTab batch={record} can={(code) => codes.includes(code)} onChanged={onChanged} />
    </QueryClientProvider>,
  );
  return onChanged;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DOMAIN clue item: the items of a batch', () => {
  it('a 草稿 of the caller offers 编辑明细, 粘贴添加, 导入明细 and 删除 to who may edit and import', async () => {
    server();
    show(batch(BatchStatus.draft, true), [BatchPerm.edit, BatchPerm.import]);
    expect(await screen.findByText('假冒旗舰店')).toBeTruthy();
    expect(screen.getByRole('button', { name: /编辑明细/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /粘贴添加/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /导入明细/ })).toBeTruthy();
    expect(screen.getByText('删除')).toBeTruthy();
    expect(screen.queryByText('处理结果')).toBeNull();
  });

  it('read-only without the permission, for a batch that is not editable, and while it is reviewed', async () => {
    server();
    show(batch(BatchStatus.draft, true), [BatchPerm.list]);
    expect(await screen.findByText('假冒旗舰店')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /编辑明细/ })).toBeNull();
    cleanup();
    show(batch(BatchStatus.pending, false), [BatchPerm.edit, BatchPerm.import, BatchPerm.enforce]);
    expect(await screen.findByText('假冒旗舰店')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /编辑明细/ })).toBeNull();
    expect(screen.queryByText('删除')).toBeNull();
    expect(screen.queryByText('处理结果')).toBeNull();
  });

  it('while 维权中 each item gets its 处理结果 (one, or all in 编辑明细), and no item is added or deleted', async () => {
    server();
    show(batch(BatchStatus.enforcing, false), [BatchPerm.edit, BatchPerm.enforce]);
    expect(await screen.findByText('处理结果')).toBeTruthy();
    expect(screen.getByRole('button', { name: /编辑明细/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /粘贴添加/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /导入明细/ })).toBeNull();
    expect(screen.queryByText('删除')).toBeNull();
  });

  it('粘贴添加 adds the pasted links through the items save, and the batch is read again', async () => {
    const saved = server();
    const onChanged = show(batch(BatchStatus.draft, true), [BatchPerm.edit]);
    fireEvent.click(await screen.findByRole('button', { name: /粘贴添加/ }));
    fireEvent.change(await screen.findByLabelText('线索明细'), { target: { value: 'https://a.example/2\nnot-a-link' } });
    fireEvent.click(screen.getByRole('button', { name: '添 加' }));
    expect(await screen.findByText('第 2 行：侵权链接应为 http:// 或 https:// 开头的网址')).toBeTruthy();
    expect(saved).toEqual([]);
    fireEvent.change(screen.getByLabelText('线索明细'), { target: { value: 'https://a.example/2' } });
    fireEvent.click(screen.getByRole('button', { name: '添 加' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(saved).toEqual([
      {
        batchId: 'b1',
        deleteIds: [],
        values: [
          { linkUrl: 'https://a.example/2', shopName: null, operator: null, location: null, goodsName: null, price: null, evidence: null, remark: null },
        ],
      },
    ]);
  });
});
