import type { DictModel } from '@sbwq/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, Spin, type SelectProps } from 'antd';
import { useMemo, useState } from 'react';
import { http } from '../../platform/http.ts';
import { unwrap } from '../../platform/result.ts';
import { NOTHING_FOUND, SEARCH_PROMPT } from './DictSelect.tsx';
import { useDebouncedKeyword } from '../form/useDebouncedKeyword.ts';

const NO_ITEMS: DictModel[] = [];

const path = (call: 'loadDict' | 'loadDictItem', code: string) => `/sys/dict/${call}/${encodeURIComponent(code)}`;

/** GET /sys/dict/loadDict/{code}?keyword=: the items whose text contains the keyword (JEECG-API §5.3). */
export function searchTableDict(code: string, keyword: string, signal?: AbortSignal): Promise<DictModel[]> {
  return http.get<DictModel[]>(path('loadDict', code), { keyword }, { signal }).then(unwrap);
}

/** GET /sys/dict/loadDictItem/{code}?key=: the texts of the given values, in their order (unknown ones skipped). */
export function tableDictTexts(code: string, keys: string[], signal?: AbortSignal): Promise<string[]> {
  return http.get<string[]>(path('loadDictItem', code), { key: keys.join(',') }, { signal }).then(unwrap);
}

type TableDictSelectProps = Omit<SelectProps<string>, 'options' | 'value' | 'onChange' | 'mode' | 'showSearch'> & {
  /** a registered table dictionary, `table,text,code` (e.g. `sys_user,realname,username`) */
  code: string;
  value?: string | number | null;
  onChange?: (value: string | undefined) => void;
};

/**
 * A searchable select over a table dictionary (JeecgBoot `j-search-select-tag` with `async`): the server
 * searches as the user types (300 ms after the last key, spec §7 "Dictionaries"), and a value set before
 * any search is shown by its text (loadDictItem). Codes the server's registry refuses show its message.
 */
export function TableDictSelect({ code, value, onChange, placeholder = '请选择', ...rest }: TableDictSelectProps) {
  const [open, setOpen] = useState(false);
  const { typed, setTyped, keyword, clear } = useDebouncedKeyword();
  /** the text of the value last picked here, so it shows at once, without asking the server */
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const current = value === null || value === undefined || value === '' ? undefined : String(value);

  const search = useQuery({
    queryKey: ['tableDict', code, 'search', keyword],
    queryFn: ({ signal }) => searchTableDict(code, keyword, signal),
    enabled: open && Boolean(code),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const found = search.data ?? NO_ITEMS;
  const pickedLabel = picked && picked.value === current ? picked.label : undefined;
  const known = current !== undefined && (pickedLabel !== undefined || found.some((item) => item.value === current));
  const text = useQuery({
    queryKey: ['tableDict', code, 'text', current],
    queryFn: ({ signal }) => tableDictTexts(code, [current!], signal),
    enabled: current !== undefined && !known && Boolean(code),
    staleTime: 30_000,
  });

  const options = useMemo(() => {
    const list = found.map((item) => ({ value: item.value, label: item.text }));
    // Without a search the chosen value is an option, so the box shows its text; while searching only matches are.
    if (current !== undefined && !keyword && !list.some((option) => option.value === current)) {
      list.unshift({ value: current, label: pickedLabel ?? text.data?.[0] ?? current });
    }
    return list;
  }, [found, current, keyword, pickedLabel, text.data]);

  // a refused search was told by the query client (spec §8 notification), not again in the list
  const empty = search.isFetching ? <Spin size="small" /> : keyword || search.isError ? NOTHING_FOUND : SEARCH_PROMPT;

  return (
    <Select<string>
      allowClear
      {...rest}
      placeholder={placeholder}
      value={current}
      options={options}
      loading={search.isFetching || text.isFetching}
      onChange={(next) => {
        const option = options.find((item) => item.value === next);
        setPicked(next && option ? { value: next, label: option.label } : null);
        onChange?.(next ?? undefined);
      }}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) clear();
      }}
      notFoundContent={empty}
    />
  );
}
