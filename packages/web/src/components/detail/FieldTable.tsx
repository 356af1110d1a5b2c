import { Descriptions, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';

type FieldTableProps = {
  items: NonNullable<DescriptionsProps['items']>;
  /** fields side by side from `sm` up; one under the other on a phone */
  columns?: number;
};

const blank = (value: ReactNode) => value === null || value === undefined || value === '';

/** A record's fields as a bordered table of labels and values, a missing value read as '-'. */
export function FieldTable({ items, columns = 2 }: FieldTableProps) {
  return (
    <Descriptions
      bordered
      size="small"
      column={{ xs: 1, sm: columns }}
      items={items.map((item) => (blank(item.children) ? { ...item, children: '-' } : item))}
    />
  );
}
