import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRef } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { EditableTable } from '../src/components/editable-table/EditableTable.tsx';
import type { EditableColumn, EditableTableHandle, Row } from '../src/components/editable-table/types.ts';

export const BENCH_ROWS = 2000;

const columns: EditableColumn[] = [
  { key: 'name', title: '名称', type: 'input', validateRules: [{ required: true }] },
  { key: 'code', title: '编码', type: 'input', validateRules: [{ required: true }, { unique: true, message: '编码不能重复' }] },
  { key: 'qty', title: '数量', type: 'inputNumber', statistics: ['sum'], validateRules: [{ pattern: 'z' }] },
  { key: 'amount', title: '金额', type: 'input', statistics: ['sum', 'average'], validateRules: [{ pattern: 'money' }] },
  { key: 'phone', title: '手机', type: 'input', validateRules: [{ pattern: 'm' }] },
  { key: 'mail', title: '邮箱', type: 'input', validateRules: [{ pattern: 'e' }] },
  {
    key: 'kind',
    title: '类型',
    type: 'select',
    options: [
      { value: '1', label: '商标' },
      { value: '2', label: '专利' },
    ],
  },
  { key: 'classes', title: '类别', type: 'tags' },
  { key: 'day', title: '日期', type: 'date' },
  { key: 'memo', title: '备注', type: 'textarea' },
  { key: 'done', title: '进度', type: 'progress' },
  { key: 'on', title: '启用', type: 'checkbox', checkedValue: '1', uncheckedValue: '0' },
];

const rows: Row[] = Array.from({ length: BENCH_ROWS }, (_, i) => ({
  id: `r${i}`,
  name: `商标${i}`,
  code: `C${String(i).padStart(5, '0')}`,
  qty: i % 17,
  amount: `${i}.${String(i % 100).padStart(2, '0')}`,
  phone: `139${String(i).padStart(8, '0')}`,
  mail: `u${i}@example.com`,
  kind: String(1 + (i % 2)),
  classes: '01;25;35;',
  day: '2026-01-02',
  memo: '备注',
  done: i % 101,
  on: i % 2 ? '1' : '0',
}));

const table = createRef<EditableTableHandle>();
const root = createRoot(document.getElementById('root') as HTMLElement);
const client = new QueryClient();

/** Times from the render call until the rows are laid out, then until the next frame is drawn. */
function mount(): Promise<{ committed: number; painted: number; drawnRows: number }> {
  const started = performance.now();
  flushSync(() =>
    root.render(
      <QueryClientProvider client={client}>
        <EditableTable ref={table} columns={columns} dataSource={rows} height={600} rowNumber rowSelection="checkbox" dragSort />
      </QueryClientProvider>,
    ),
  );
  void document.body.offsetHeight;
  const committed = performance.now() - started;
  return new Promise((resolve) =>
    requestAnimationFrame(() =>
      setTimeout(() => resolve({ committed, painted: performance.now() - started, drawnRows: document.querySelectorAll('[data-row-id]').length }), 0),
    ),
  );
}

/**
 * Each key: from keydown until React has committed the row (a discrete event's update is rendered
 * before the event's dispatch ends, so this listener on window runs after it) and the browser has
 * laid it out; and until the next frame.
 */
const keyTimes: number[] = [];
const keyFrames: number[] = [];
let keyStart = 0;
window.addEventListener('keydown', () => (keyStart = performance.now()), true);
window.addEventListener('input', () => {
  const started = keyStart;
  void document.body.offsetHeight;
  keyTimes.push(performance.now() - started);
  requestAnimationFrame(() => keyFrames.push(performance.now() - started));
});

async function validate(): Promise<{ ms: number; errors: number }> {
  const started = performance.now();
  const errors = (await table.current?.validate()) ?? [];
  return { ms: performance.now() - started, errors: errors.length };
}

Object.assign(window, { benchMount: mount, benchValidate: validate, benchKeyTimes: keyTimes, benchKeyFrames: keyFrames });
