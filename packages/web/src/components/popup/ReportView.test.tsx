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
      columns: [
        { title: '申请机构', dataIndex: 'org_name' },
        { title: '最近提交', dataIndex: 'last_submit_time' },
      ] as never,
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

describe('ReportView amounts (issue 36)', () => {
  it('a Double column shows thousands separators cut from the exact text (no float rounding); counts and years stay as they are', async () => {
    const src: ReportSource = {
      key: 'report:amounts',
      meta: async () => ({
        id: 'r2',
        name: '资金池汇总',
        columns: [
          { title: '年度', dataIndex: 'pool_year', fieldType: 'Integer' },
          { title: '金额（元）', dataIndex: 'amount', fieldType: 'Double' },
          { title: '批次', dataIndex: 'batch_no', fieldType: 'String' },
        ] as never,
        dictOptions: {},
        queryInfo: [],
      }),
      rows: vi.fn(async () => ({
        total: 2,
        records: [
          { id: 'a', pool_year: 2026, amount: '12345678901234567.89', batch_no: '1000000' },
          { id: 'b', pool_year: 2027, amount: '-1234.50', batch_no: 'PC-2' },
        ],
      })),
    };
    renderInApp(<ReportView source={src} label="资金池汇总" />);
    expect(await screen.findByText('12,345,678,901,234,567.89')).toBeTruthy();
    expect(screen.getByText('-1,234.50')).toBeTruthy();
    expect(screen.getByText('2026')).toBeTruthy();
    expect(screen.getByText('1000000')).toBeTruthy();
  });
});
