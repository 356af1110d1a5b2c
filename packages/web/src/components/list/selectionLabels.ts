import type { TableProps } from 'antd';

type Selection<T> = NonNullable<TableProps<T>['rowSelection']>;

/**
 * antd labels a table's selection checkboxes in English ("Select all", "Select row 1") whatever the
 * locale; spread into a `rowSelection` so screen readers announce them in Chinese.
 */
export function selectionLabels<T>(): Pick<Selection<T>, 'getTitleCheckboxProps' | 'getCheckboxProps'> {
  return {
    getTitleCheckboxProps: () => ({ 'aria-label': '全选' }),
    getCheckboxProps: () => ({ 'aria-label': '选择此行' }),
  };
}
