import { DictItemPath, type DictItemRecord } from '@sbwq/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { describe, expect, it } from 'vitest';
import { cellOf } from '../../../components/editable-table/testKit.tsx';
import { envelope, fakeServer } from '../../../test/fakeServer.ts';
import { SEX_DICT } from '../../../test/records.ts';
import { grantedEach } from '../../../test/render.tsx';
import { DictItemTableEditor, FIX_CELLS_FIRST } from './DictItemTableEditor.tsx';

configure({ asyncUtilTimeout: 5_000 });

const dict = SEX_DICT;
const item = (id: string, itemText: string, sortOrder: number): DictItemRecord =>
  ({
    id,
    dictId: 'd1',
    itemText,
    itemValue: id,
    description: null,
    sortOrder,
    status: 1,
    createBy: null,
    createTime: null,
    updateBy: null,
    updateTime: null,
  }) as DictItemRecord;
const CODES = ['system:dictItem:list', 'system:dictItem:add', 'system:dictItem:edit', 'system:dictItem:delete'];

function show() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AntApp>
      <QueryClientProvider client={client}>
        <DictItemTableEditor dict={dict} />
      </QueryClientProvider>
    </AntApp>,
  );
}

/** The fake server: the dictionary's items, and every table save it was sent. */
function serve(answer: () => { success: boolean; message: string } = () => ({ success: true, message: '保存成功！' })) {
  const saves: unknown[] = [];
  const fetchMock = fakeServer({
    'GET /sys/dictItem/list': () => ({
      body: envelope({ records: [item('a', '甲', 1), item('b', '乙', 2), item('c', '丙', 3)], total: 3, size: 1000, current: 1, pages: 1 }),
    }),
    'GET /sys/dictItem/dictItemCheck': () => ({ body: envelope(null, { message: '该值可用！' }) }),
    [`POST ${DictItemPath.saveTable}`]: (_url, init) => {
      saves.push(JSON.parse(String(init.body)));
      const { success, message } = answer();
      return { body: envelope(null, { success, message }) };
    },
  });
  return { saves, fetchMock };
}

const typeInto = (id: string, key: string, label: string, value: string) => {
  fireEvent.click(cellOf(id, key));
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
  fireEvent.blur(screen.getByLabelText(label));
};

grantedEach(CODES);

describe('字典配置 → 表格编辑 (§4–§5 editable table saved at once)', { timeout: 60_000 }, () => {
  it('a 描述 over 255 characters is flagged in the grid with the limit, and nothing is sent', async () => {
    const { saves } = serve();
    show();
    await waitFor(() => expect(cellOf('b', 'description')).toBeTruthy());
    typeInto('b', 'description', '描述', '长'.repeat(256));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText(FIX_CELLS_FIRST)).toBeTruthy();
    expect((await screen.findAllByText('描述长度不能超过255个字符')).length).toBeGreaterThan(0);
    expect(cellOf('b', 'description').getAttribute('aria-invalid')).toBe('true');
    expect(saves).toEqual([]);
  });

  it('one call saves the whole table: edits, the order as left and the removed rows', async () => {
    const { saves } = serve();
    show();
    await waitFor(() => expect(cellOf('c', 'itemText')).toBeTruthy());
    typeInto('a', 'itemText', '名称', '甲一');
    const tick = (id: string) => fireEvent.click(cellOf(id, 'itemText').closest('[data-row-id]')!.querySelector('input[type="checkbox"]')!);
    tick('c');
    fireEvent.click(screen.getByRole('button', { name: /上\s*移/ }));
    tick('c');
    tick('b');
    fireEvent.click(screen.getByRole('button', { name: /删\s*除/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(document.querySelector('[data-row-id="b"]')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toEqual({
      dictId: 'd1',
      values: [
        { id: 'a', itemText: '甲一', itemValue: 'a', description: null, status: 1 },
        { id: 'c', itemText: '丙', itemValue: 'c', description: null, status: 1 },
      ],
      deleteIds: ['b'],
    });
    expect(await screen.findByText('保存成功！')).toBeTruthy();
  });

  it('the server’s refusal names the row and is shown as worded', async () => {
    serve(() => ({ success: false, message: '第 2 行：该字典中已存在相同的数据值' }));
    show();
    await waitFor(() => expect(cellOf('a', 'itemText')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('第 2 行：该字典中已存在相同的数据值')).toBeTruthy();
  });
});
