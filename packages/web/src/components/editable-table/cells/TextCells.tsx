import { Input, Popover, Progress } from 'antd';
import { NumberTextInput } from '../../form/NumberTextInput.tsx';
import { TagInput } from '../../form/TagInput.tsx';
import type { CellProps } from '../types.ts';
import { editorProps, typePrompt } from './editorProps.ts';

/** spec §9 "Popup textarea default 150 x 200": 150 high, 200 wide. */
export const TEXTAREA_POPUP = { height: 150, width: 200 } as const;

export const textOf = (value: unknown) => (value === null || value === undefined ? '' : Array.isArray(value) ? value.join(',') : String(value));

export function TextView({ value }: CellProps) {
  return <>{textOf(value)}</>;
}

export function InputEdit({ value, column, onChange, onDone }: CellProps) {
  return (
    <Input
      {...editorProps(column)}
      placeholder={typePrompt(column)}
      value={textOf(value)}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onDone}
      onPressEnter={onDone}
    />
  );
}

/** spec §5 "Number grid cell": numeric text only, parsed on blur, blank when it holds no number. */
export function NumberEdit({ value, column, onChange, onDone }: CellProps) {
  return (
    <NumberTextInput
      {...editorProps(column)}
      placeholder={typePrompt(column)}
      value={value as number | string | null}
      onChange={onChange}
      onBlur={onDone}
      onPressEnter={(event) => event.currentTarget.blur()}
    />
  );
}

/** The long text is edited in a popup box over the cell. */
export function TextareaEdit({ value, column, onChange, onDone }: CellProps) {
  return (
    <Popover
      open
      placement="bottomLeft"
      content={
        <Input.TextArea
          autoFocus
          aria-label={column.title}
          style={{ width: TEXTAREA_POPUP.width, height: TEXTAREA_POPUP.height, resize: 'none' }}
          value={textOf(value)}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onDone}
        />
      }
    >
      <span>{textOf(value)}</span>
    </Popover>
  );
}

/** spec §5 "Tag inputs". */
export function TagsEdit({ value, column, onChange, onDone }: CellProps) {
  return <TagInput {...editorProps(column)} value={textOf(value)} onChange={onChange} onBlur={onDone} onPressEnter={onDone} />;
}

export function ProgressView({ value }: CellProps) {
  const percent = Number(value);
  return <Progress size="small" percent={Number.isFinite(percent) ? percent : 0} />;
}

export function SlotCell(props: CellProps) {
  return <>{props.column.render?.(props) ?? null}</>;
}
