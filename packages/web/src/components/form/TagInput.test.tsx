import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatTags, TagInput, tagsOf } from './TagInput.tsx';

function Controlled() {
  const [value, setValue] = useState('');
  return <TagInput aria-label="类别" value={value} onChange={setValue} />;
}

afterEach(cleanup);

describe('TagInput', () => {
  it('§5 tag input: a semicolon is inserted after every 2 characters', () => {
    expect(formatTags('0')).toBe('0');
    expect(formatTags('01')).toBe('01;');
    expect(formatTags('01;0')).toBe('01;0');
    expect(formatTags('012535')).toBe('01;25;35;');
  });

  it('§5 tag input: typed semicolons (half- or full-width) are stripped', () => {
    expect(formatTags(';;0;1')).toBe('01;');
    expect(formatTags('01;；2')).toBe('01;2');
  });

  it('Backspace over a separator removes the character before it too', () => {
    expect(formatTags('01', '01;')).toBe('0');
    expect(formatTags('01;02', '01;02;')).toBe('01;0');
  });

  it('formats as the user types, and splits a value into its tags', () => {
    render(<Controlled />);
    const input = screen.getByLabelText('类别') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '2' } });
    fireEvent.change(input, { target: { value: '25' } });
    expect(input.value).toBe('25;');
    fireEvent.change(input, { target: { value: '25;;' } });
    expect(input.value).toBe('25;');
    fireEvent.change(input, { target: { value: '25;35' } });
    expect(input.value).toBe('25;35;');
    expect(tagsOf(input.value)).toEqual(['25', '35']);
  });
});
