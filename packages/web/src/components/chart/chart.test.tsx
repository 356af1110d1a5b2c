import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChartCard } from './ChartCard.tsx';
import { DateRangeChoice, presetRange } from './DateRangeChoice.tsx';
import { EChart } from './EChart.tsx';

const instance = vi.hoisted(() => {
  const handlers = new Map<string, (event: unknown) => void>();
  return {
    handlers,
    setOption: vi.fn(),
    resize: vi.fn(),
    dispose: vi.fn(),
    on: vi.fn((name: string, handler: (event: unknown) => void) => handlers.set(name, handler)),
    off: vi.fn((name: string) => handlers.delete(name)),
  };
});
const init = vi.hoisted(() => vi.fn());
vi.mock('./echarts.ts', () => ({ echarts: { init: init.mockImplementation(() => instance) } }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('chart kit (dashboards: loading skeletons, 暂无数据, click-through)', () => {
  it('EChart: a skeleton until the chart chunk is there, then the option set; a click reaches onClick; unmount disposes', async () => {
    const option = { series: [{ type: 'bar', data: [1, 2] }] };
    const onClick = vi.fn();
    const { container, unmount } = render(<EChart option={option} onClick={onClick} ariaLabel="资金池统计" />);
    expect(container.querySelector('.ant-skeleton')).not.toBeNull();
    await waitFor(() => expect(instance.setOption).toHaveBeenCalledWith(option, { notMerge: true }));
    expect(init).toHaveBeenCalledTimes(1);
    expect(container.querySelector('.ant-skeleton')).toBeNull();
    instance.handlers.get('click')?.({ name: '2026-11', dataIndex: 0 });
    expect(onClick).toHaveBeenCalledWith({ name: '2026-11', dataIndex: 0 });
    unmount();
    expect(instance.dispose).toHaveBeenCalled();
  });

  it('ChartCard: skeleton while loading, 暂无数据 for no option, the chart otherwise', async () => {
    const { rerender, container } = render(<ChartCard title="走势" option={null} loading />);
    expect(container.querySelector('.ant-skeleton')).not.toBeNull();
    rerender(<ChartCard title="走势" option={null} loading={false} />);
    expect(screen.getByText('暂无数据')).toBeTruthy();
    rerender(<ChartCard title="走势" option={{ series: [] }} loading={false} />);
    expect(screen.getByRole('img', { name: '走势' })).toBeTruthy();
    await waitFor(() => expect(instance.setOption).toHaveBeenCalled());
  });

  it('DateRangeChoice: 本月 and 本年 run from their first day to today; 自定义 offers a range picker', () => {
    const today = dayjs('2026-11-25');
    expect(presetRange('month', today)).toEqual({ start: '2026-11-01', end: '2026-11-25' });
    expect(presetRange('year', today)).toEqual({ start: '2026-01-01', end: '2026-11-25' });
    const onChange = vi.fn();
    render(<DateRangeChoice value={presetRange('month')} onChange={onChange} maxDays={366} />);
    fireEvent.click(screen.getByText('本年'));
    expect(onChange).toHaveBeenCalledWith(presetRange('year'));
    expect(document.querySelector('.ant-picker-range')).toBeNull();
    fireEvent.click(screen.getByText('自定义'));
    expect(document.querySelector('.ant-picker-range')).not.toBeNull();
  });
});
