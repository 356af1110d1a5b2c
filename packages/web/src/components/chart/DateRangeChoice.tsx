import { chinaToday } from '@sbwq/contracts';
import { DatePicker, Segmented, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';

export type DateRange = { start: string; end: string };
type Choice = 'month' | 'year' | 'custom';

const DAY = 'YYYY-MM-DD';
/**
 * 本月 / 本年 up to today (the calls refuse ranges into the future only by having no data there). Today is the
 * business day in China, as the server counts it, whatever the browser's time zone.
 */
export function presetRange(choice: 'month' | 'year', today: Dayjs = dayjs(chinaToday())): DateRange {
  return { start: today.startOf(choice).format(DAY), end: today.format(DAY) };
}

type DateRangeChoiceProps = {
  value: DateRange;
  onChange: (range: DateRange) => void;
  /** the longest range the call accepts, in days */
  maxDays?: number;
};

/** 本月 / 本年 / 自定义 for a chart whose call takes a date range. */
export function DateRangeChoice({ value, onChange, maxDays }: DateRangeChoiceProps) {
  const [choice, setChoice] = useState<Choice>(() => (value.start === presetRange('year').start ? 'year' : 'month'));
  const pick = (next: Choice) => {
    setChoice(next);
    if (next !== 'custom') onChange(presetRange(next));
  };
  return (
    <Space wrap size={8}>
      <Segmented<Choice>
        size="small"
        value={choice}
        onChange={pick}
        options={[
          { value: 'month', label: '本月' },
          { value: 'year', label: '本年' },
          { value: 'custom', label: '自定义' },
        ]}
      />
      {choice === 'custom' && (
        <DatePicker.RangePicker
          size="small"
          allowClear={false}
          value={[dayjs(value.start), dayjs(value.end)]}
          disabledDate={(day, info) => {
            if (day.isAfter(dayjs(chinaToday()), 'day')) return true;
            const from = info?.from;
            return Boolean(maxDays && from && Math.abs(day.diff(from, 'day')) >= maxDays);
          }}
          onChange={(days) => {
            if (days?.[0] && days[1]) onChange({ start: days[0].format(DAY), end: days[1].format(DAY) });
          }}
        />
      )}
    </Space>
  );
}
