import { Radio, Spin, type RadioGroupProps } from 'antd';
import { useDictItems } from './useDictItems.ts';

type DictRadioProps = Omit<RadioGroupProps, 'options' | 'value' | 'onChange'> & {
  code: string;
  value?: string | number | null;
  onChange?: (value: string) => void;
  /** leave these values out */
  exclude?: string[];
};

/**
 * A radio group over a dictionary's items (JeecgBoot `j-dict-select-tag type="radio"`), read from the
 * cached dictionaries. Values are the items' string values; a numeric field's value matches by its text form.
 */
export function DictRadio({ code, value, onChange, exclude, ...rest }: DictRadioProps) {
  const { items, loading } = useDictItems(code);
  if (loading) return <Spin size="small" />;
  const options = items.filter((item) => !exclude?.includes(item.value)).map((item) => ({ value: item.value, label: item.text }));
  return (
    <Radio.Group
      {...rest}
      value={value === null || value === undefined || value === '' ? undefined : String(value)}
      options={options}
      onChange={(event) => onChange?.(String(event.target.value))}
    />
  );
}
