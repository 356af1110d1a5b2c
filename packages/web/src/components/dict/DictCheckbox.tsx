import { Checkbox, Spin } from 'antd';
import type { CheckboxGroupProps } from 'antd/es/checkbox';
import { useDictItems } from './useDictItems.ts';

type DictCheckboxProps = Omit<CheckboxGroupProps, 'options' | 'value' | 'onChange'> & {
  code: string;
  /** a comma list of values (as JeecgBoot stores multi-valued dictionary fields) or an array of them */
  value?: string | (string | number)[] | null;
  /** the checked values as a comma list in the dictionary's order; undefined when none is checked */
  onChange?: (value: string | undefined) => void;
  exclude?: string[];
};

/** The checked values of a comma list or array, as strings. */
export function checkedValues(value: DictCheckboxProps['value']): string[] {
  if (value === null || value === undefined || value === '') return [];
  return (Array.isArray(value) ? value : value.split(',')).map(String).filter((part) => part !== '');
}

/**
 * A checkbox group over a dictionary's items (JeecgBoot `j-dict-select-tag type="checkbox"`, `j-checkbox`).
 * The value is a comma list, the form `_dictText` translates value by value (JEECG-API §6.2).
 */
export function DictCheckbox({ code, value, onChange, exclude, ...rest }: DictCheckboxProps) {
  const { items, loading } = useDictItems(code);
  if (loading) return <Spin size="small" />;
  const shown = items.filter((item) => !exclude?.includes(item.value));
  return (
    <Checkbox.Group
      {...rest}
      value={checkedValues(value)}
      options={shown.map((item) => ({ value: item.value, label: item.text }))}
      onChange={(checked) => {
        // the dictionary's order, not the order of clicking, so the stored list is stable
        const set = new Set(checked.map(String));
        const ordered = shown.map((item) => item.value).filter((v) => set.has(v));
        onChange?.(ordered.length ? ordered.join(',') : undefined);
      }}
    />
  );
}
