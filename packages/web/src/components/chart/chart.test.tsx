import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChartCard } from './ChartCard.tsx';
import { DateRangeChoice, presetRange } from './DateRangeChoice.tsx';
import { EChart } from './EChart.tsx';
import { narrowOption, shortNumber } from './narrow.ts';

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

  it('§4 Device (phones): a narrow chart slants and thins its category labels, shortens value labels to 万/亿, scrolls its legend', () => {
    const wide = {
      legend: { top: 0 },
      grid: { left: 16, right: 16, top: 40, bottom: 8, containLabel: true },
      xAxis: {
        type: 'category',
        data: ['平台投诉', '行政投诉', '民事诉讼', '刑事报案', '律师函'],
        axisLabel: { interval: 0, overflow: 'truncate', width: 72 },
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'bar', data: [1, 2, 3, 4, 5] }],
    };
    const narrow = narrowOption(wide) as typeof wide & {
      xAxis: { axisLabel: Record<string, unknown> };
      yAxis: { axisLabel: { formatter: (v: number) => string } };
      legend: Record<string, unknown>;
    };
    expect(narrow.xAxis.axisLabel).toMatchObject({ interval: 'auto', rotate: 40, hideOverlap: true, overflow: 'truncate' });
    expect(narrow.xAxis.data).toEqual(wide.xAxis.data);
    const format = narrow.xAxis.axisLabel.formatter as (v: string) => string;
    expect([format('2026-11-26'), format('2026-11'), format('平台投诉')]).toEqual(['11-26', '2026-11', '平台投诉']);
    expect(narrow.yAxis.axisLabel.formatter(1_800_000)).toBe('180万');
    expect(narrow.legend).toMatchObject({ type: 'scroll', top: 0 });
    expect(narrow.series).toBe(wide.series);
    // a ranking: the names beside the plot are cut short, the values under it shortened
    const ranking = narrowOption({
      xAxis: { type: 'value' },
      yAxis: { type: 'category', data: ['杭州智信商标代理有限公司'], axisLabel: { overflow: 'truncate', width: 120 } },
    }) as { yAxis: { axisLabel: { width: number } } };
    expect(ranking.yAxis.axisLabel.width).toBeLessThan(120);
    expect([shortNumber(950), shortNumber(25_000), shortNumber(250_000_000), shortNumber(-12_000)]).toEqual(['950', '2.5万', '2.5亿', '-1.2万']);
  });
});
