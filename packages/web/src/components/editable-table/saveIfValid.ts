import type { RefObject } from 'react';
import { feedback } from '../../platform/feedback.ts';
import type { EditableTableHandle } from './types.ts';

export const FIX_CELLS_FIRST = '请先修正表格中标红的单元格';

/** Saves the table once every cell passes its rules; otherwise the red cells are to be fixed first. */
export async function saveIfValid(table: RefObject<EditableTableHandle | null>, save: () => Promise<unknown>): Promise<void> {
  const errors = (await table.current?.validate()) ?? [];
  if (errors.length) {
    feedback().message.warning(FIX_CELLS_FIRST);
    return;
  }
  await save();
}
