import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import type { Envelope } from '@sbwq/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useModalForm } from './useModalForm.ts';

type Row = { id: string; name: string };
type Values = { name: string };

const answer = (success: boolean, message: string, result: unknown = null): Envelope<unknown> => ({
  success,
  message,
  code: success ? 200 : 500,
  result,
  timestamp: 0,
});

function Dialog(props: {
  open: boolean;
  record: Row | null;
  load: (row: Row) => Values | Promise<Values>;
  save: (values: Values) => Promise<Envelope<unknown>>;
  onSaved: (result: unknown) => void;
  onClose: () => void;
}) {
  const { form, loading, saving, submit } = useModalForm<Row, Values>({ ...props, initial: () => ({ name: '新的' }) });
  return (
    <Form form={form}>
      <span>{loading ? '加载中' : '就绪'}</span>
      <span>{saving ? '保存中' : '空闲'}</span>
      <Form.Item name="name" rules={[{ required: true, message: '请输入名称' }]}>
        <Input aria-label="名称" />
      </Form.Item>
      <button type="button" onClick={() => void submit()}>
        确定
      </button>
    </Form>
  );
}

afterEach(cleanup);

const setup = (over: Partial<Parameters<typeof Dialog>[0]> = {}) => {
  const props = {
    open: true,
    record: null,
    load: (row: Row) => ({ name: row.name }),
    save: vi.fn(async (_values: Values) => answer(true, '添加成功！', 'new-id')),
    onSaved: vi.fn(),
    onClose: vi.fn(),
    ...over,
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <Dialog {...props} />
    </QueryClientProvider>,
  );
  return { ...props, view };
};

describe('useModalForm: the add/edit dialog plumbing', () => {
  it('a new record starts from the initial values; saving sends them and reports the result, then closes', async () => {
    const save = vi.fn(async (_values: Values) => answer(true, '添加成功！', 'new-id'));
    const { onSaved, onClose } = setup({ save });
    expect((screen.getByLabelText('名称') as HTMLInputElement).value).toBe('新的');
    fireEvent.click(screen.getByText('确定'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(save.mock.calls[0]?.[0]).toEqual({ name: '新的' });
    expect(onSaved).toHaveBeenCalledWith('new-id');
  });

  it('an edited record is loaded (with a spinner while it loads); a failed load closes the dialog', async () => {
    let resolve!: (v: Values) => void;
    setup({ record: { id: '1', name: '旧的' }, load: () => new Promise<Values>((r) => (resolve = r)) });
    expect(screen.getByText('加载中')).toBeTruthy();
    await act(async () => resolve({ name: '取回的' }));
    expect(screen.getByText('就绪')).toBeTruthy();
    expect((screen.getByLabelText('名称') as HTMLInputElement).value).toBe('取回的');
    cleanup();
    const failed = setup({ record: { id: '2', name: 'x' }, load: async () => Promise.reject(new Error('网络错误')) });
    await waitFor(() => expect(failed.onClose).toHaveBeenCalled());
  });

  it('invalid fields are not sent; a refused save keeps the dialog open with what was typed', async () => {
    const save = vi.fn(async (_values: Values) => answer(false, '名称已存在'));
    const { onSaved, onClose } = setup({ save });
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '' } });
    fireEvent.click(screen.getByText('确定'));
    await screen.findByText('请输入名称');
    expect(save).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '重复' } });
    fireEvent.click(screen.getByText('确定'));
    await waitFor(() => expect(save).toHaveBeenCalled());
    expect(save.mock.calls[0]?.[0]).toEqual({ name: '重复' });
    await waitFor(() => expect(screen.getByText('空闲')).toBeTruthy());
    expect(onSaved).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByLabelText('名称') as HTMLInputElement).value).toBe('重复');
  });
});
