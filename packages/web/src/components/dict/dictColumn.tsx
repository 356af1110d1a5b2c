import type { ColumnType } from 'antd/es/table';
import { DictTag } from './DictTag.tsx';

/**
 * A table column of a dictionary-coded field: the server's `<field>_dictText` (else the dictionary's
 * text), in a coloured tag where colours are given.
 */
export function dictColumn<T, C extends ColumnType<T> & { dataIndex: string }>(column: C, code: string, colors?: Record<string, string>): C {
  const textField = `${column.dataIndex}_dictText`;
  return {
    ...column,
    render: (value: unknown, record: T) => (
      <DictTag code={code} value={value} text={(record as Record<string, unknown>)[textField] as string | null | undefined} colors={colors} />
    ),
  };
}
