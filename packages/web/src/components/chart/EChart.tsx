import { Skeleton } from 'antd';
import type { ECElementEvent, EChartsCoreOption, EChartsType } from 'echarts/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { NARROW_WIDTH, narrowOption } from './narrow.ts';

type Loaded = typeof import('./echarts.ts');
let loading: Promise<Loaded> | null = null;
/** The chart chunk, fetched once for all charts. */
export const loadECharts = () => (loading ??= import('./echarts.ts'));

export type ChartClick = Pick<ECElementEvent, 'name' | 'seriesName' | 'dataIndex' | 'seriesIndex'>;

type EChartProps = {
  option: EChartsCoreOption;
  height?: number;
  /** a click on a bar or point; the dashboards open the list behind it */
  onClick?: (event: ChartClick) => void;
  ariaLabel: string;
};

/**
 * One ECharts instance in a div: created when the chunk arrives, resized with its box, disposed on
 * unmount. In a box narrower than NARROW_WIDTH the option is laid out for a phone (narrow.ts).
 */
export function EChart({ option, height = 300, onClick, ariaLabel }: EChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<EChartsType | null>(null);
  const [narrow, setNarrow] = useState(false);
  // an unmeasured box (0 wide, as in tests) counts as wide
  const measure = () => {
    const width = box.current?.clientWidth ?? 0;
    setNarrow(width > 0 && width < NARROW_WIDTH);
  };

  useEffect(() => {
    let instance: EChartsType | null = null;
    let observer: ResizeObserver | null = null;
    let gone = false;
    void loadECharts().then(({ echarts }) => {
      if (gone || !box.current) return;
      instance = echarts.init(box.current, null, { renderer: 'canvas' });
      measure();
      if (typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() => {
          measure();
          instance?.resize();
        });
        observer.observe(box.current);
      }
      setChart(instance);
    });
    return () => {
      gone = true;
      observer?.disconnect();
      instance?.dispose();
    };
  }, []);

  const shown = useMemo(() => (narrow ? narrowOption(option) : option), [narrow, option]);
  useEffect(() => {
    chart?.setOption(shown, { notMerge: true });
  }, [chart, shown]);

  useEffect(() => {
    if (!chart || !onClick) return;
    const handler = (event: unknown) => onClick(event as ChartClick);
    chart.on('click', handler);
    return () => void chart.off('click', handler);
  }, [chart, onClick]);

  return (
    <div style={{ position: 'relative', height }}>
      <div ref={box} role="img" aria-label={ariaLabel} style={{ height, cursor: onClick ? 'pointer' : undefined }} />
      {!chart && (
        <div style={{ position: 'absolute', inset: 0 }}>
          <Skeleton active paragraph={{ rows: 5 }} title={false} />
        </div>
      )}
    </div>
  );
}
