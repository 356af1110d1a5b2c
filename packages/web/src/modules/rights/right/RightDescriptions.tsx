import type { RightRecord } from '@sbwq/contracts';
import { Descriptions } from 'antd';
import { rightDetailItems } from './right.detail.tsx';

/** A record's details as one bordered list (the reviewer's 审核 dialog). */
export function RightDescriptions({ record }: { record: RightRecord }) {
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: 3 }}
      items={rightDetailItems.map((item, index) => {
        const value = item.render ? item.render(record) : item.field ? (record[item.field] as string | null) : null;
        return {
          key: item.field ?? String(index),
          label: item.label,
          children: value === null || value === undefined || value === '' ? '-' : value,
          span: item.span,
        };
      })}
    />
  );
}
