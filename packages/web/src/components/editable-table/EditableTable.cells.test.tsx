import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer } from '../../test/fakeServer.ts';
import { registerCellType, reservedKeywordMessage } from './cellTypes.ts';
import { TEXTAREA_POPUP } from './cells/TextCells.tsx';
import { showUploadError, UPLOAD_ERROR_TITLE } from './cells/UploadCell.tsx';
import { cellOf, showTable } from './testKit.tsx';
import type { EditableColumn } from './types.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const one = (column: EditableColumn, value: unknown) => showTable({ columns: [column], dataSource: [{ id: 'r1', [column.key]: value }] });
const valueOf = (handle: () => { getValues: () => { values: Record<string, unknown>[] } }, key: string) => handle().getValues().values[0][key];
const editBox = (id: string, key: string) => cellOf(id, key).querySelector('input, textarea') as HTMLInputElement | null;

describe('§4 cells: a view rendering at rest, an edit rendering once clicked', () => {
  it('input: text at rest; clicked, a box that writes the row; blur shows the text again', () => {
    const { handle } = one({ key: 'name', title: '名称', type: 'input' }, '甲');
    expect(cellOf('r1', 'name').textContent).toBe('甲');
    expect(editBox('r1', 'name')).toBeNull();
    fireEvent.click(cellOf('r1', 'name'));
    const box = screen.getByLabelText('名称') as HTMLInputElement;
    expect(box.value).toBe('甲');
    fireEvent.change(box, { target: { value: '乙' } });
    expect(valueOf(handle, 'name')).toBe('乙');
    fireEvent.blur(box);
    expect(editBox('r1', 'name')).toBeNull();
    expect(cellOf('r1', 'name').textContent).toBe('乙');
  });

  it('a cell is edited from the keyboard too: Enter on the focused cell opens its edit rendering', () => {
    one({ key: 'name', title: '名称', type: 'input' }, '甲');
    cellOf('r1', 'name').focus();
    fireEvent.keyDown(cellOf('r1', 'name'), { key: 'Enter' });
    expect((screen.getByLabelText('名称') as HTMLInputElement).value).toBe('甲');
  });

  it('§5 number cell: only numeric text, an invalid key reverts, parsed on blur, blank when no number', () => {
    const { handle } = one({ key: 'qty', title: '数量', type: 'inputNumber' }, 3);
    fireEvent.click(cellOf('r1', 'qty'));
    const box = screen.getByLabelText('数量') as HTMLInputElement;
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: '3a' } });
    expect(box.value).toBe('3');
    fireEvent.change(box, { target: { value: '-12.50' } });
    fireEvent.blur(box);
    expect(valueOf(handle, 'qty')).toBe(-12.5);
    expect(cellOf('r1', 'qty').textContent).toBe('-12.5');
    fireEvent.click(cellOf('r1', 'qty'));
    const again = screen.getByLabelText('数量') as HTMLInputElement;
    fireEvent.focus(again);
    fireEvent.change(again, { target: { value: '-' } });
    fireEvent.blur(again);
    expect(valueOf(handle, 'qty')).toBeNull();
    expect(cellOf('r1', 'qty').textContent).toBe('');
  });

  it('§9 textarea: edited in a popup box 150 high and 200 wide', () => {
    const { handle } = one({ key: 'memo', title: '备注', type: 'textarea' }, '短');
    fireEvent.click(cellOf('r1', 'memo'));
    const box = screen.getByLabelText('备注') as HTMLTextAreaElement;
    expect(box.tagName).toBe('TEXTAREA');
    expect(box.style.height).toBe(`${TEXTAREA_POPUP.height}px`);
    expect(box.style.width).toBe(`${TEXTAREA_POPUP.width}px`);
    fireEvent.change(box, { target: { value: '第一行\n第二行' } });
    expect(valueOf(handle, 'memo')).toBe('第一行\n第二行');
  });

  it('§5 tags: a semicolon after every 2 characters, typed semicolons stripped', () => {
    const { handle } = one({ key: 'cls', title: '类别', type: 'tags' }, '');
    fireEvent.click(cellOf('r1', 'cls'));
    const box = screen.getByLabelText('类别') as HTMLInputElement;
    fireEvent.change(box, { target: { value: '0;1025' } });
    expect(valueOf(handle, 'cls')).toBe('01;02;5');
    fireEvent.blur(box);
    expect(cellOf('r1', 'cls').textContent).toBe('01;02;5');
  });

  it('select: the label at rest; clicked, the options open and a choice is kept', async () => {
    const options = [
      { value: '1', label: '启用' },
      { value: '0', label: '停用' },
    ];
    const { handle } = one({ key: 'status', title: '状态', type: 'select', options }, '1');
    expect(cellOf('r1', 'status').textContent).toBe('启用');
    fireEvent.click(cellOf('r1', 'status'));
    fireEvent.click(await screen.findByTitle('停用'));
    expect(valueOf(handle, 'status')).toBe('0');
    await waitFor(() => expect(cellOf('r1', 'status').textContent).toBe('停用'));
  });

  it('select-multiple: a list, shown as its labels', async () => {
    const options = [
      { value: 'a', label: '甲' },
      { value: 'b', label: '乙' },
    ];
    const { handle } = one({ key: 'grade', title: '等级', type: 'select-multiple', options }, 'a');
    expect(cellOf('r1', 'grade').textContent).toBe('甲');
    fireEvent.click(cellOf('r1', 'grade'));
    fireEvent.click(await screen.findByTitle('乙'));
    expect(valueOf(handle, 'grade')).toEqual(['a', 'b']);
  });

  it('§5 select-search: 请输入搜索内容 first, asks 300 ms after typing stops, 没有查询到任何数据 when nothing matches', async () => {
    const search = vi.fn(async (keyword: string) => (keyword === '北' ? [{ value: 'bj', label: '北京' }] : []));
    const { handle } = one({ key: 'city', title: '城市', type: 'select-search', search }, '');
    fireEvent.click(cellOf('r1', 'city'));
    const dropdown = () => document.querySelector('.ant-select-dropdown')?.textContent ?? '';
    await waitFor(() => expect(dropdown()).toContain('请输入搜索内容'));
    const box = screen.getByRole('combobox');
    fireEvent.change(box, { target: { value: '北' } });
    expect(search).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByTitle('北京', undefined, { timeout: 1500 }));
    expect(search).toHaveBeenCalledTimes(1);
    expect(valueOf(handle, 'city')).toBe('bj');
    await waitFor(() => expect(cellOf('r1', 'city').textContent).toBe('北京'));
    fireEvent.click(cellOf('r1', 'city'));
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '南' } });
    await waitFor(() => expect(dropdown()).toContain('没有查询到任何数据'), { timeout: 1500 });
  });

  it('date and datetime: the text at rest; clicked, a date picker holding it', () => {
    const { handle } = showTable({
      columns: [
        { key: 'day', title: '日期', type: 'date' },
        { key: 'at', title: '时间', type: 'datetime' },
      ],
      dataSource: [{ id: 'r1', day: '2026-01-02', at: '2026-01-02 03:04:05' }],
    });
    expect(cellOf('r1', 'day').textContent).toBe('2026-01-02');
    fireEvent.click(cellOf('r1', 'day'));
    expect(editBox('r1', 'day')?.value).toBe('2026-01-02');
    fireEvent.click(cellOf('r1', 'at'));
    expect(editBox('r1', 'at')?.value).toBe('2026-01-02 03:04:05');
    expect(handle().getValues().values[0].day).toBe('2026-01-02');
  });

  it('checkbox: ticks between the column values', () => {
    const { handle } = one({ key: 'on', title: '启用', type: 'checkbox', checkedValue: 'Y', uncheckedValue: 'N' }, 'N');
    const box = within(cellOf('r1', 'on')).getByRole('checkbox') as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    expect(valueOf(handle, 'on')).toBe('Y');
    fireEvent.click(box);
    expect(valueOf(handle, 'on')).toBe('N');
  });

  it('normal and progress: shown, never edited', () => {
    showTable({
      columns: [
        { key: 'code', title: '编码', type: 'normal' },
        { key: 'done', title: '进度', type: 'progress' },
      ],
      dataSource: [{ id: 'r1', code: 'A01', done: 40 }],
    });
    fireEvent.click(cellOf('r1', 'code'));
    expect(editBox('r1', 'code')).toBeNull();
    expect(cellOf('r1', 'code').textContent).toBe('A01');
    expect(cellOf('r1', 'done').textContent).toContain('40%');
  });

  it('slot renders the column render prop; hidden is not drawn but kept in the values', () => {
    const { handle } = showTable({
      columns: [
        {
          key: 'name',
          title: '名称',
          type: 'slot',
          render: ({ value, onChange }) => <button onClick={() => onChange(`${String(value)}!`)}>{String(value)}</button>,
        },
        { key: 'secret', title: '内部', type: 'hidden' },
      ],
      dataSource: [{ id: 'r1', name: '甲', secret: 'x' }],
    });
    fireEvent.click(screen.getByRole('button', { name: '甲' }));
    expect(handle().getValues().values[0]).toMatchObject({ name: '甲!', secret: 'x' });
    expect(screen.queryByText('内部')).toBeNull();
  });

  it('upload: a button at rest, the stored path once uploaded', () => {
    one({ key: 'file', title: '附件', type: 'upload' }, 'temp/logo_1.png');
    expect(within(cellOf('r1', 'file')).getByRole('button', { name: '上传附件' })).toBeTruthy();
    expect(cellOf('r1', 'file').querySelector('a')?.getAttribute('title')).toBe('logo_1.png');
  });

  it('§3 upload: a file saved before shows the name it was uploaded under (the 报销单 invoice grid), each file of the cell', async () => {
    const invoice = 'finance_claim/20261120/9f8e7d6c5b4a39281706f5e4d3c2b1a0.pdf';
    const voucher = 'finance_claim/20261120/0a1b2c3d4e5f60718293a4b5c6d7e8f9.png';
    const asked = fakeServer({ 'GET /sys/common/fileNames': () => ({ body: envelope({ [invoice]: '增值税发票.pdf', [voucher]: '凭证.png' }) }) });
    one({ key: 'files', title: '发票及凭证', type: 'upload', biz: 'finance_claim' }, `${invoice},${voucher}`);
    await waitFor(() => expect([...cellOf('r1', 'files').querySelectorAll('a')].map((a) => a.getAttribute('title'))).toEqual(['增值税发票.pdf', '凭证.png']));
    expect(cellOf('r1', 'files').textContent).not.toContain('9f8e7d6c');
    expect(asked).toHaveBeenCalledTimes(1);
  });

  it('§3 upload: a file just uploaded shows the name it was chosen under, not the stored one', async () => {
    const stored = 'finance_claim/20261121/00112233445566778899aabbccddeeff.pdf';
    fakeServer({
      'POST /sys/common/upload': () => ({ body: envelope({ fileName: '发票二.pdf', filePath: stored, fileSize: 3 }, { message: stored }) }),
      'GET /sys/common/fileNames': () => ({ body: envelope({}) }),
    });
    const { handle } = one({ key: 'files', title: '发票及凭证', type: 'upload', biz: 'finance_claim' }, '');
    const input = cellOf('r1', 'files').querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF'], '发票二.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(valueOf(handle, 'files')).toBe(stored));
    await waitFor(() => expect(cellOf('r1', 'files').querySelector('a')?.getAttribute('title')).toBe('发票二.pdf'));
  });

  it('§8 image cell upload error: a dialog 上传出错 with 错误信息', async () => {
    act(() => showUploadError('文件格式不支持'));
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe(UPLOAD_ERROR_TITLE));
    expect(document.querySelector('.ant-modal-confirm-content')?.textContent).toBe('错误信息：文件格式不支持');
  });
});

describe('§8 cell types installed by a screen', () => {
  it('a reserved keyword throws; another name renders its view and edit', () => {
    for (const name of ['input', 'checkbox', 'expand', 'dragSort'])
      expect(() => registerCellType(name, { view: () => null })).toThrow(reservedKeywordMessage(name));
    registerCellType('stars', {
      view: ({ value }) => <span>{'★'.repeat(Number(value))}</span>,
      edit: ({ value, onChange }) => <button onClick={() => onChange(Number(value) + 1)}>加星</button>,
    });
    const { handle } = one({ key: 'rank', title: '星级', type: 'stars' }, 2);
    expect(cellOf('r1', 'rank').textContent).toBe('★★');
    fireEvent.click(cellOf('r1', 'rank'));
    fireEvent.click(screen.getByRole('button', { name: '加星' }));
    expect(valueOf(handle, 'rank')).toBe(3);
  });
});
