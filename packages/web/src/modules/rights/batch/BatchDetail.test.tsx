import { BatchPerm, BatchStatus, StorageKey, type BatchRecord } from '@sbwq/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../platform/storage.ts';
import { envelope, fakeServer } from '../../../test/fakeServer.ts';
import { BatchDetail } from './BatchDetail.tsx';

const record = (status: string, text: string) =>
  ({
    id: 'b1',
    batchNo: 'XS20261125001',
    batchName: '拼多多假冒线索',
    status,
    status_dictText: text,
    editable: true,
    withdrawable: true,
    itemCount: 3,
    applyAmount: '60000.00',
  }) as BatchRecord;

afterEach(() => {
  cleanup();
  session.remove(StorageKey.userAuth);
  vi.unstubAllGlobals();
});

/** The app's cache: a batch read a moment ago is not read again on its own. */
const appClient = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });

function show(client: QueryClient) {
  const router = createMemoryRouter([{ path: '/rights/batch/detail/:id', element: <BatchDetail /> }], { initialEntries: ['/rights/batch/detail/b1'] });
  const { container } = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, head: () => container.querySelector('.batch-detail-head')?.textContent ?? '' };
}

describe('DOMAIN clue batch flow: the batch page', () => {
  it('a visit to the page already open (a decision notice’s 去处理) shows the status the decision set, not the cached one', async () => {
    let current = record(BatchStatus.pending, '待审核');
    fakeServer({
      'GET /rights/threaded/queryById': () => ({ body: envelope(current) }),
      'GET /sys/dict/getDictItems/*': () => ({ body: envelope([]) }),
    });
    const client = appClient();
    const { head, router } = show(client);
    await waitFor(() => expect(head()).toContain('待审核'));

    current = record(BatchStatus.returned, '退回补正');
    await act(() => router.navigate('/rights/batch/detail/b1'));
    await waitFor(() => expect(head()).toContain('退回补正'));
  });

  it('opening the page (a notice’s 去处理 to a new tab) reads the batch again though it was read moments ago', async () => {
    let current = record(BatchStatus.pending, '待审核');
    fakeServer({
      'GET /rights/threaded/queryById': () => ({ body: envelope(current) }),
      'GET /sys/dict/getDictItems/*': () => ({ body: envelope([]) }),
    });
    const client = appClient();
    const first = show(client);
    await waitFor(() => expect(first.head()).toContain('待审核'));
    cleanup();

    current = record(BatchStatus.returned, '退回补正');
    const again = show(client);
    await waitFor(() => expect(again.head()).toContain('退回补正'));
  });

  it('a 退回补正 batch shows its reason as a banner at the top of the page; other states show none', async () => {
    // the organisation, who resubmits
    session.set(StorageKey.userAuth, [{ action: BatchPerm.submit, type: '1', describe: '提交' }]);
    let current: BatchRecord = { ...record(BatchStatus.returned, '退回补正'), auditOpinion: '请补充侵权商品的购买凭证' };
    fakeServer({
      'GET /rights/threaded/queryById': () => ({ body: envelope(current) }),
      'GET /sys/dict/getDictItems/*': () => ({ body: envelope([]) }),
      'GET /rights/threaded/item/list': () => ({ body: envelope({ records: [], total: 0, size: 10, current: 1, pages: 0 }) }),
    });
    const client = appClient();
    const { router } = show(client);
    const banner = await waitFor(() => {
      const found = document.querySelector('.batch-detail .batch-returned-alert');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(banner.getAttribute('role')).toBe('alert');
    expect(banner.textContent).toContain('该批次已退回补正');
    expect(banner.textContent).toContain('审核意见：请补充侵权商品的购买凭证');

    current = { ...record(BatchStatus.pending, '待审核'), auditOpinion: null };
    await act(() => router.navigate('/rights/batch/detail/b1'));
    await waitFor(() => expect(document.querySelector('.batch-detail-head')?.textContent).toContain('待审核'));
    expect(document.querySelector('.batch-returned-alert')).toBeNull();
  });

  it('issue 36: a reviewer (who cannot resubmit) reads where the batch stands, not the order addressed to the organisation', async () => {
    session.set(StorageKey.userAuth, [{ action: BatchPerm.review, type: '1', describe: '审核' }]);
    fakeServer({
      'GET /rights/threaded/queryById': () => ({ body: envelope({ ...record(BatchStatus.returned, '退回补正'), auditOpinion: '请补充侵权商品的购买凭证' }) }),
      'GET /sys/dict/getDictItems/*': () => ({ body: envelope([]) }),
      'GET /rights/threaded/item/list': () => ({ body: envelope({ records: [], total: 0, size: 10, current: 1, pages: 0 }) }),
    });
    show(appClient());
    const banner = await waitFor(() => {
      const found = document.querySelector('.batch-detail .batch-returned-alert');
      expect(found).not.toBeNull();
      return found!;
    });
    expect(banner.textContent).toContain('该批次已退回机构补正，等待机构按审核意见修改后重新提交');
    expect(banner.textContent).not.toContain('请按审核意见修改后重新提交');
    expect(banner.textContent).toContain('审核意见：请补充侵权商品的购买凭证');
  });
});
