import type { ComponentType } from 'react';
import { CELL_TYPES, type CellProps } from './types.ts';

/**
 * A cell type: the view rendering (what a cell shows at rest) and the edit rendering (shown once the
 * cell is clicked, until it is done). A type without `edit` is never switched: its view is read-only
 * (normal, progress) or takes input as it is (checkbox, upload, slot).
 */
export type CellRenderer = {
  view: ComponentType<CellProps>;
  edit?: ComponentType<CellProps>;
};

/** The names the table itself uses: the built-in cell types and its own columns. */
export const RESERVED_CELL_KEYWORDS: readonly string[] = [...CELL_TYPES, 'rowNumber', 'rowCheckbox', 'rowRadio', 'expand', 'dragSort', 'action'];

/** spec §8 "Installing a table cell type with a reserved keyword": throws. */
export const reservedKeywordMessage = (name: string) => `不能使用“${name}”作为单元格类型，因为这是保留关键字`;

const builtIn = new Map<string, CellRenderer>();
const custom = new Map<string, CellRenderer>();

/** The table's own types, installed once by `cells/index.ts`. */
export function installBuiltInCell(name: (typeof CELL_TYPES)[number], renderer: CellRenderer): void {
  builtIn.set(name, renderer);
}

/** Installs a cell type of a screen's own; a reserved keyword cannot be taken. */
export function registerCellType(name: string, renderer: CellRenderer): void {
  if (RESERVED_CELL_KEYWORDS.includes(name)) throw new Error(reservedKeywordMessage(name));
  custom.set(name, renderer);
}

export function cellRendererOf(type: string): CellRenderer | undefined {
  return builtIn.get(type) ?? custom.get(type);
}
