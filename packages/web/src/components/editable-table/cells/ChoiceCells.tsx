import { Checkbox, DatePicker, Select } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { NOTHING_FOUND, SEARCH_PROMPT } from '../../dict/DictSelect.tsx';
import { useDictItems } from '../../dict/useDictItems.ts';
import { useDebouncedKeyword } from '../../form/useDebouncedKeyword.ts';
import type { CellProps, EditableColumn, SelectOption } from '../types.ts';
import { chooseOne, dropdownProps } from './editorProps.ts';
import { textOf } from './TextCells.tsx';

/** The options a column's `search` answered, so that a value found by searching keeps its label at rest. */
const searched = new WeakMap<EditableColumn, Map<string, SelectOption>>();

function remember(column: EditableColumn, options: SelectOption[]) {
  const known = searched.get(column) ?? new Map<string, SelectOption>();
  for (const option of options) known.set(option.value, option);
  searched.set(column, known);
}

/** A column's choices: its own options, else its dictionary's items; and what its search has found. */
function useOptions(column: EditableColumn): SelectOption[] {
  const { items } = useDictItems(column.options ? '' : (column.dictCode ?? ''));
  return useMemo(() => {
    const own = column.options ?? items.map((item) => ({ value: item.value, label: item.text }));
    const found = [...(searched.get(column)?.values() ?? [])].filter((option) => !own.some((o) => o.value === option.value));
    return [...own, ...found];
  }, [column, items]);
}

/** select-multiple keeps a list; a comma list from the server reads as one too. */
const listOf = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : value === null || value === undefined || value === '' ? [] : String(value).split(',');

const single = (value: unknown) => (value === null || value === undefined || value === '' ? undefined : String(value));

export function SelectView({ value, column }: CellProps) {
  const options = useOptions(column);
  const labels = listOf(value).map((part) => options.find((option) => option.value === part)?.label ?? part);
  return (
    <>
      {labels.map((label, index) => (
        <span key={index}>
          {index > 0 && ','}
          {label}
        </span>
      ))}
    </>
  );
}

export function SelectEdit({ value, column, onChange, onDone }: CellProps) {
  const options = useOptions(column);
  return (
    <Select<string>
      {...dropdownProps(column)}
      allowClear
      placeholder={column.placeholder ?? '请选择'}
      options={options}
      value={single(value)}
      onChange={chooseOne({ onChange, onDone })}
      onBlur={onDone}
    />
  );
}

export function SelectMultipleEdit({ value, column, onChange, onDone }: CellProps) {
  const options = useOptions(column);
  return (
    <Select<string[]>
      {...dropdownProps(column)}
      mode="multiple"
      placeholder={column.placeholder ?? '请选择'}
      options={options}
      value={listOf(value)}
      onChange={(next) => onChange(next)}
      onBlur={onDone}
    />
  );
}

/**
 * spec §5 "Searchable select tips" and §9 300 ms debounce: the column's `search` is asked once typing
 * pauses (else its options are filtered by text); 请输入搜索内容 before a keyword, 没有查询到任何数据 after.
 */
export function SelectSearchEdit({ value, column, onChange, onDone }: CellProps) {
  const local = useOptions(column);
  const { typed, setTyped, keyword } = useDebouncedKeyword();
  const [found, setFound] = useState<SelectOption[] | null>(null);
  useEffect(() => {
    if (!column.search || !keyword) return;
    let current = true;
    column.search(keyword).then(
      (options) => {
        remember(column, options);
        if (current) setFound(options);
      },
      () => current && setFound([]),
    );
    return () => {
      current = false;
    };
  }, [column, keyword]);
  const options = column.search
    ? keyword
      ? (found ?? [])
      : local.filter((option) => option.value === single(value))
    : local.filter((option) => !keyword || String(option.label).toLowerCase().includes(keyword.toLowerCase()));
  return (
    <Select<string>
      {...dropdownProps(column)}
      allowClear
      placeholder={column.placeholder ?? SEARCH_PROMPT}
      options={options}
      value={single(value)}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      notFoundContent={keyword ? NOTHING_FOUND : SEARCH_PROMPT}
      onChange={chooseOne({ onChange, onDone })}
      onBlur={onDone}
    />
  );
}

/** spec §9 default date format; a date cell keeps the day only. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

function DateEditOf({ value, column, onChange, onDone, withTime }: CellProps & { withTime: boolean }) {
  const format = withTime ? DATETIME_FORMAT : DATE_FORMAT;
  const text = textOf(value);
  const parsed = text ? dayjs(text, format) : null;
  return (
    <DatePicker
      {...dropdownProps(column)}
      format={format}
      showTime={withTime}
      value={parsed && parsed.isValid() ? parsed : null}
      onChange={(date) => {
        onChange(date ? date.format(format) : '');
        if (!withTime) onDone();
      }}
      onOpenChange={(open) => {
        if (!open) onDone();
      }}
    />
  );
}

export const DateEdit = (props: CellProps) => <DateEditOf {...props} withTime={false} />;
export const DateTimeEdit = (props: CellProps) => <DateEditOf {...props} withTime />;

/** A checkbox stands for `checkedValue` / `uncheckedValue` (true / false unless the column says). */
export function CheckboxCell({ value, column, disabled, onChange }: CellProps) {
  const checkedValue = column.checkedValue ?? true;
  return (
    <Checkbox
      aria-label={column.title}
      disabled={disabled}
      checked={value === checkedValue || String(value) === String(checkedValue)}
      onChange={(event) => onChange(event.target.checked ? checkedValue : (column.uncheckedValue ?? false))}
    />
  );
}
