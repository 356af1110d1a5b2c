import type { TableDictSource } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { EmptyData } from '../../../components/list/EmptyData.tsx';
import { tableDictSources } from './tableDict.api.ts';

export const SOURCES_KEY = ['system', 'tableDict', 'sources'];

export function useSources() {
  return useQuery({ queryKey: SOURCES_KEY, queryFn: tableDictSources, staleTime: 60_000 });
}

const sourceOf = (sources: TableDictSource[] | undefined, table: unknown) => sources?.find((source) => source.table === table);

type SelectProps = { id?: string; value?: string | null; onChange?: (value: string | null) => void };

/** The table, from the server's allow-list; choosing another one clears the columns and filter chosen for the last. */
export function SourceTableSelect({ id, value, onChange }: SelectProps) {
  const sources = useSources();
  const form = Form.useFormInstance();
  return (
    <Select
      id={id}
      placeholder="请选择表"
      value={value ?? undefined}
      loading={sources.isLoading}
      options={(sources.data ?? []).map((source) => ({ value: source.table, label: source.table }))}
      showSearch={{ optionFilterProp: 'label' }}
      notFoundContent={<EmptyData />}
      onChange={(next: string) => {
        if (next !== value) form.setFieldsValue({ textField: undefined, codeField: undefined, filterKey: undefined });
        onChange?.(next);
      }}
    />
  );
}

/** A column of the chosen table that the allow-list lets be read (credential columns never are). */
export function SourceColumnSelect({ id, value, onChange, placeholder }: SelectProps & { placeholder: string }) {
  const sources = useSources();
  const table = Form.useWatch('tableName', Form.useFormInstance());
  const source = sourceOf(sources.data, table);
  return (
    <Select
      id={id}
      placeholder={table ? placeholder : '请先选择表'}
      disabled={!source}
      value={value ?? undefined}
      options={(source?.columns ?? []).map((column) => ({ value: column, label: column }))}
      onChange={(next: string) => onChange?.(next)}
    />
  );
}

/** One of the chosen table's fixed filters (a key the server turns into its own SQL), or none. */
export function SourceFilterSelect({ id, value, onChange }: SelectProps) {
  const sources = useSources();
  const table = Form.useWatch('tableName', Form.useFormInstance());
  const source = sourceOf(sources.data, table);
  const filters = source?.filters ?? [];
  return (
    <Select
      id={id}
      allowClear
      placeholder={source && filters.length === 0 ? '此表没有可选的过滤条件' : '不过滤'}
      disabled={!source || filters.length === 0}
      value={value ?? undefined}
      options={filters.map((filter) => ({ value: filter.key, label: `${filter.label}（${filter.key}）` }))}
      onChange={(next: string | undefined) => onChange?.(next ?? null)}
    />
  );
}

/** The label of a filter key for the list, from the allow-list. */
export function filterLabel(sources: TableDictSource[] | undefined, table: string, key: string | null): string {
  if (!key) return '';
  return sourceOf(sources, table)?.filters.find((filter) => filter.key === key)?.label ?? key;
}
