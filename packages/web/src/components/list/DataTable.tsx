import { Table, type TableProps } from 'antd';
import { EmptyData } from './EmptyData.tsx';

type DataTableProps<T> = Omit<TableProps<T>, 'locale'> & {
  /** the empty state's text; default 暂无数据 */
  empty?: string;
};

/**
 * A bordered table of records keyed by id, outside ListPage (drawers, pickers, trees): it scrolls inside
 * its card on a narrow screen instead of squeezing columns, and while it loads the spinner stands alone
 * (not 暂无数据 under it). Unpaged unless given a pagination.
 */
export function DataTable<T extends object>({ empty, loading, ...table }: DataTableProps<T>) {
  return (
    <Table<T>
      scroll={{ x: 'max-content' }}
      size="medium"
      bordered
      rowKey="id"
      pagination={false}
      loading={loading}
      locale={{ emptyText: loading ? <div style={{ height: 120 }} /> : <EmptyData description={empty} /> }}
      {...table}
    />
  );
}
