import { Input, type InputProps } from 'antd';
import { useState } from 'react';

/** What may stand in the box while typing: optional minus, digits, one decimal point (spec §5 "Number grid cell"). */
const NUMERIC_TEXT = /^-?\d*\.?\d*$/;

export const isNumericText = (text: string) => NUMERIC_TEXT.test(text);

/** The number a text stands for, or null when it stands for none ("", "-", "."). */
export function parseNumberText(text: string): number | null {
  if (!isNumericText(text) || !/\d/.test(text)) return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

const textOf = (value: number | string | null | undefined) => (value === null || value === undefined ? '' : String(value));

type NumberTextInputProps = Omit<InputProps, 'value' | 'onChange' | 'onBlur'> & {
  value?: number | string | null;
  /** the parsed number on blur; null when the box is blank or holds no number */
  onChange?: (value: number | null) => void;
  onBlur?: InputProps['onBlur'];
};

/**
 * spec §5 number input: only numeric text is accepted (optional minus, decimal); any other keystroke
 * leaves the text as it was; on blur the text is parsed to a number, and the box is blank when it
 * holds none.
 */
export function NumberTextInput({ value, onChange, onBlur, ...rest }: NumberTextInputProps) {
  const [text, setText] = useState(() => textOf(value));
  const [focused, setFocused] = useState(false);

  // The form may set the value (reset, load a record) while the box is not being typed in; leaving the
  // box shows the value the form kept.
  const [seen, setSeen] = useState({ value, focused });
  if (seen.value !== value || seen.focused !== focused) {
    setSeen({ value, focused });
    if (!focused) setText(textOf(value));
  }

  return (
    <Input
      inputMode="decimal"
      {...rest}
      value={text}
      onFocus={(event) => {
        setFocused(true);
        rest.onFocus?.(event);
      }}
      onChange={(event) => {
        if (isNumericText(event.target.value)) setText(event.target.value);
      }}
      onBlur={(event) => {
        setFocused(false);
        const number = parseNumberText(text);
        setText(textOf(number));
        onChange?.(number);
        onBlur?.(event);
      }}
    />
  );
}
