import { Msg, StorageKey, type DictRecord } from '@sbwq/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { local } from '../../../platform/storage.ts';
import { envelope, fakeServer } from '../../../test/fakeServer.ts';
import { SEX_DICT } from '../../../test/records.ts';
import { grantedEach } from '../../../test/render.tsx';
import { DictList } from './DictList.tsx';

configure({ asyncUtilTimeout: 5_000 });

const sex = SEX_DICT;
const page = (records: DictRecord[]) => envelope({ records, total: records.length, size: 10, current: 1, pages: 1 });
const ALL = ['system:dict:add', 'system:dict:edit', 'system:dict:delete', 'system:dict:recycle', 'system:dictItem:list'];

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AntApp>
      <QueryClientProvider client={client}>
        <DictList />
      </QueryClientProvider>
    </AntApp>,
  );
}

grantedEach(ALL);

describe('DictList (system/DictList)', { timeout: 60_000 }, () => {
  it('§5 dictionary code: 字典Code不能为空! when empty, and the server answer when the code is taken', async () => {
    const added = vi.fn();
    fakeServer({
      'GET /sys/dict/list': () => ({ body: page([sex]) }),
      'GET /sys/duplicate/check': (url) =>
        url.searchParams.get('fieldVal') === 'sex'
          ? { body: envelope(null, { success: false, message: '该值不可用，系统中已存在！' }) }
          : { body: envelope(null, { message: '该值可用！' }) },
      'POST /sys/dict/add': (_url, init) => {
        added(JSON.parse(String(init.body)));
        return { body: envelope(null, { message: '保存成功！' }) };
      },
    });
    show();
    await screen.findByText('sex');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('字典名称'), { target: { value: '端到端' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('字典Code不能为空!')).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText('字典编码'), { target: { value: 'sex' } });
    expect(await within(dialog).findByText('该值不可用，系统中已存在！')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('字典编码'), { target: { value: 'e2e_code' } });
    await waitFor(() => expect(within(dialog).queryByText('该值不可用，系统中已存在！')).toBeNull());
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(added).toHaveBeenCalledWith(expect.objectContaining({ dictName: '端到端', dictCode: 'e2e_code' })));
  });

  it('§8 clear cache: 刷新缓存 stores every dictionary afresh and says 刷新缓存完成！', async () => {
    const fresh = { sex: [{ value: '1', text: '男', title: '男' }] };
    fakeServer({
      'GET /sys/dict/list': () => ({ body: page([sex]) }),
      'GET /sys/dict/refleshCache': () => ({ body: envelope(null) }),
      'GET /sys/dict/queryAllDictItems': () => ({ body: envelope(fresh) }),
    });
    show();
    await screen.findByText('sex');
    fireEvent.click(screen.getByRole('button', { name: /刷新缓存/ }));
    expect(await screen.findByText(Msg.cacheRefreshed)).toBeTruthy();
    expect(local.get(StorageKey.dictCache)).toEqual(fresh);
  });

  it('§8 clear cache: a failed refresh says 刷新缓存失败！', async () => {
    fakeServer({
      'GET /sys/dict/list': () => ({ body: page([sex]) }),
      'GET /sys/dict/refleshCache': () => ({ body: envelope(null, { success: false, message: 'x' }) }),
    });
    show();
    await screen.findByText('sex');
    fireEvent.click(screen.getByRole('button', { name: /刷新缓存/ }));
    expect(await screen.findByText(Msg.cacheRefreshFailed)).toBeTruthy();
  });
});
