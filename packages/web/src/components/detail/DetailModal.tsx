import { Button, Descriptions, Modal, Skeleton } from 'antd';
import type { ReactNode } from 'react';

/** spec §9 "Popup and detail": detail modal width 1200; detail list columns default 3, max 4. */
export const DETAIL_MODAL_WIDTH = 1200;
export const DETAIL_DEFAULT_COLUMNS = 3;
export const DETAIL_MAX_COLUMNS = 4;

export type DetailItem<T> = {
  label: string;
  /** the record's field; ignored when `render` is given */
  field?: keyof T & string;
  render?: (record: T) => ReactNode;
  /** columns this item spans */
  span?: number;
};

type DetailModalProps<T> = {
  open: boolean;
  title?: ReactNode;
  record: T | null;
  items: DetailItem<T>[];
  columns?: number;
  loading?: boolean;
  onClose: () => void;
};

export function detailColumns(requested: number | undefined): number {
  const n = Math.floor(requested ?? DETAIL_DEFAULT_COLUMNS);
  return Math.min(Math.max(n, 1), DETAIL_MAX_COLUMNS);
}

const EMPTY_VALUE = '-';

export function DetailModal<T extends object>({ open, title = '详情', record, items, columns, loading, onClose }: DetailModalProps<T>) {
  const column = detailColumns(columns);
  return (
    <Modal open={open} title={title} width={DETAIL_MODAL_WIDTH} onCancel={onClose} destroyOnHidden footer={<Button onClick={onClose}>关闭</Button>}>
      {loading || !record ? (
        <Skeleton active />
      ) : (
        <Descriptions
          bordered
          size="medium"
          column={column}
          items={items.map((item, index) => {
            const raw = item.render ? item.render(record) : item.field ? (record as Record<string, unknown>)[item.field] : null;
            const shown = raw === null || raw === undefined || raw === '' ? EMPTY_VALUE : (raw as ReactNode);
            return { key: item.field ?? String(index), label: item.label, children: shown, span: item.span ? Math.min(item.span, column) : undefined };
          })}
        />
      )}
    </Modal>
  );
}
