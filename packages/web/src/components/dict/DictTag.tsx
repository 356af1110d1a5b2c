import { Tag } from 'antd';
import { dictText, useDictItems } from './useDictItems.ts';

type DictTagProps = {
  code: string;
  value: unknown;
  /** the server's `<field>_dictText`, used when present */
  text?: string | null;
  /** tag colour per value; without it the text is shown plain */
  colors?: Record<string, string>;
};

/** A dictionary-coded value as text, or as a coloured tag (JEECG-API §6.2 `_dictText`). */
export function DictTag({ code, value, text, colors }: DictTagProps) {
  const { items } = useDictItems(code);
  const shown = text ?? dictText(items, value);
  if (!colors) return <>{shown}</>;
  const color = colors[String(value)];
  return shown ? <Tag color={color}>{shown}</Tag> : null;
}
