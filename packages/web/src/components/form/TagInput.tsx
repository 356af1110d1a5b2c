import { Input, type InputProps } from 'antd';

const SEMICOLONS = /[;；]/g;
const GROUP = 2;

/** The text without separators (a typed semicolon, half- or full-width, is not part of a tag). */
export const tagText = (value: string) => value.replace(SEMICOLONS, '');

/**
 * spec §5 "Tag inputs": a semicolon after every 2 characters; typed semicolons are stripped.
 * `previous` is what the input showed before: deleting only a separator takes the character before it
 * too, or Backspace at the end could never get past a semicolon the rule puts back.
 */
export function formatTags(next: string, previous = ''): string {
  let text = tagText(next);
  const removedSeparatorOnly = next.length < previous.length && text === tagText(previous);
  if (removedSeparatorOnly) text = text.slice(0, -1);
  let out = '';
  for (let i = 0; i < text.length; i += GROUP) {
    const group = text.slice(i, i + GROUP);
    out += group.length === GROUP ? `${group};` : group;
  }
  return out;
}

/** The tags of a formatted value: `01;02;` → ['01', '02']. */
export const tagsOf = (value: string | null | undefined) => (value ?? '').split(SEMICOLONS).filter(Boolean);

type TagInputProps = Omit<InputProps, 'value' | 'onChange'> & {
  value?: string | null;
  onChange?: (value: string) => void;
};

/** A text input applying the spec §5 tag rule as the user types (e.g. two-digit class numbers `01;25;35;`). */
export function TagInput({ value, onChange, ...rest }: TagInputProps) {
  const shown = value ?? '';
  return <Input {...rest} value={shown} onChange={(event) => onChange?.(formatTags(event.target.value, shown))} />;
}
