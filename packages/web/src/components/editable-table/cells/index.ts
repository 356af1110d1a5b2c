import { installBuiltInCell } from '../cellTypes.ts';
import { CheckboxCell, DateEdit, DateTimeEdit, SelectEdit, SelectMultipleEdit, SelectSearchEdit, SelectView } from './ChoiceCells.tsx';
import { InputEdit, NumberEdit, ProgressView, SlotCell, TagsEdit, TextareaEdit, TextView } from './TextCells.tsx';
import { UploadCell } from './UploadCell.tsx';

/** spec §3 cell types: each with its view and edit rendering. `hidden` is never drawn. */
installBuiltInCell('normal', { view: TextView });
installBuiltInCell('hidden', { view: TextView });
installBuiltInCell('input', { view: TextView, edit: InputEdit });
installBuiltInCell('inputNumber', { view: TextView, edit: NumberEdit });
installBuiltInCell('textarea', { view: TextView, edit: TextareaEdit });
installBuiltInCell('tags', { view: TextView, edit: TagsEdit });
installBuiltInCell('select', { view: SelectView, edit: SelectEdit });
installBuiltInCell('select-search', { view: SelectView, edit: SelectSearchEdit });
installBuiltInCell('select-multiple', { view: SelectView, edit: SelectMultipleEdit });
installBuiltInCell('date', { view: TextView, edit: DateEdit });
installBuiltInCell('datetime', { view: TextView, edit: DateTimeEdit });
installBuiltInCell('checkbox', { view: CheckboxCell });
installBuiltInCell('upload', { view: UploadCell });
installBuiltInCell('progress', { view: ProgressView });
installBuiltInCell('slot', { view: SlotCell });
