import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isNumericText, NumberTextInput, parseNumberText } from './NumberTextInput.tsx';

afterEach(cleanup);

function Controlled({ onChange }: { onChange: (value: number | null) => void }) {
  const [value, setValue] = useState<number | null>(5);
  return (
    <NumberTextInput
      aria-label="排序"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('NumberTextInput', () => {
  it('§5 number input: numeric text only (optional minus, one decimal point)', () => {
    for (const ok of ['', '-', '12', '-3.', '0.5', '.5']) expect(isNumericText(ok), ok).toBe(true);
    for (const bad of ['1a', '1.2.3', '--1', '1-', 'e5', ' 1']) expect(isNumericText(bad), bad).toBe(false);
    expect(parseNumberText('-3.')).toBe(-3);
    expect(parseNumberText('-')).toBeNull();
    expect(parseNumberText('')).toBeNull();
  });

  it('§5 number input: an invalid keystroke reverts, the text is parsed to a number on blur', () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    const input = screen.getByLabelText('排序') as HTMLInputElement;
    expect(input.value).toBe('5');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '5x' } });
    expect(input.value).toBe('5');
    fireEvent.change(input, { target: { value: '-12.50' } });
    expect(input.value).toBe('-12.50');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith(-12.5);
    expect(input.value).toBe('-12.5');
  });

  it('§5 number input: blank when the text holds no number', () => {
    const onChange = vi.fn();
    render(<Controlled onChange={onChange} />);
    const input = screen.getByLabelText('排序') as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '-' } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(input.value).toBe('');
  });
});
