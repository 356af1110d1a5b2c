import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';
import { useDictItems } from './useDictItems.ts';
import { useDebouncedKeyword } from '../form/useDebouncedKeyword.ts';

/** spec §5 "Searchable select tips" and §9 "Select search debounce 300 ms". */
export const SEARCH_PROMPT = '请输入搜索内容';
export const NOTHING_FOUND = '没有查询到任何数据';
export { SEARCH_DEBOUNCE_MS } from '../form/useDebouncedKeyword.ts';

type DictSelectProps = Omit<SelectProps<string | string[]>, 'options' | 'value' | 'onChange'> & {
  code: string;
  value?: string | number | null | (string | number)[];
  onChange?: (value: string | string[] | undefined) => void;
  /** leave these values out (e.g. a value the server refuses) */
  exclude?: string[];
};

/**
 * A select over a dictionary's items. Values are the items' string values (a numeric field's value is
 * matched by its text form). Search filters by item text after a 300 ms pause in typing.
 */
export function DictSelect({ code, value, onChange, exclude, placeholder = '请选择', showSearch = true, ...rest }: DictSelectProps) {
  const { items, loading } = useDictItems(code);
  const { typed, setTyped, keyword, clear } = useDebouncedKeyword();

  const options = useMemo(
    () =>
      items
        .filter((item) => !exclude?.includes(item.value))
        .filter((item) => !keyword || item.text.toLowerCase().includes(keyword.toLowerCase()))
        .map((item) => ({ value: item.value, label: item.text })),
    [items, exclude, keyword],
  );

  const normalised = Array.isArray(value) ? value.map(String) : value === null || value === undefined || value === '' ? undefined : String(value);

  return (
    <Select<string | string[]>
      allowClear
      {...rest}
      placeholder={placeholder}
      loading={loading}
      value={normalised}
      options={options}
      onChange={(next) => onChange?.(next ?? undefined)}
      showSearch={showSearch ? { filterOption: false, onSearch: setTyped, searchValue: typed } : false}
      onOpenChange={(open) => {
        if (!open) clear();
      }}
      notFoundContent={keyword ? NOTHING_FOUND : SEARCH_PROMPT}
    />
  );
}
