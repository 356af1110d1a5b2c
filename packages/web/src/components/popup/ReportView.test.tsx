import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Query } from '../../platform/http.ts';
import { renderInApp } from '../../test/render.tsx';
import { ReportView, type ReportSource } from './ReportView.tsx';

configure({ asyncUtilTimeout: 5_000 });
afterEach(cleanup);

function source() {
  const asked: Query[] = [];
  const src: ReportSource = {
    key: 'report:test',
    meta: async () => ({
      id: 'r1',
      name: '机构申请统计',
      columns: [{ title: '申请机构', dataIndex: 'org_name' }, { title: '最近提交', dataIndex: 'last_submit_time' }] as never,
      dictOptions: {},
      queryInfo: [{ label: '最近提交', field: 'last_submit_time', view: 'datetime', mode: 'group' }],
    }),
    rows: vi.fn(async (_id: string, query: Query) => {
      asked.push(query);
      return { total: 1, records: [{ org_name: '浙江华美食品股份有限公司', last_submit_time: '2026-11-23 15:49:00' }] };
    }),
  };
  return { src, asked };
}

describe('ReportView search (spec §2 online report list, §9 date format)', () => {
  it('a date range of a report is chosen with date pickers and searched as days (`_begin` / `_end` as YYYY-MM-DD)', async () => {
    const { src, asked } = source();
    renderInApp(<ReportView source={src} label="机构申请统计" />);
    expect(await screen.findByText('浙江华美食品股份有限公司')).toBeTruthy();
    for (const [label, day] of [
      ['最近提交开始', '2026-11-01'],
      ['最近提交结束', '2026-11-30'],
    ] as const) {
      const input = screen.getByLabelText(label);
      // the app's date picker, not the browser's own date field (which shows mm/dd/yyyy in an English browser)
      expect(input.closest('.ant-picker')).not.toBeNull();
      fireEvent.mouseDown(input);
      fireEvent.change(input, { target: { value: day } });
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    }
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ last_submit_time_begin: '2026-11-01', last_submit_time_end: '2026-11-30', pageNo: 1 }));
  });
});
