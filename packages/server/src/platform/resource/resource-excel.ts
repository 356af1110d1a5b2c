import type { z } from 'zod';
import type { Page } from '@sbwq/contracts';
import { BizError } from '../http/envelope.ts';
import { importReport, readWorkbook, toWorkbook, type ExcelColumn, type ImportColumn, type ImportReport } from '../excel/excel.ts';
import { exportRowsOf } from '../list/export-pages.ts';
import type { ListParams } from '../list/list-query.ts';
import type { ExcelFile, ResourceCtx } from './resource-routes.ts';

/**
 * A resource's 导出 / 导入 as JeecgBoot's system screens have them: the export is the list's current
 * filter (or `selections`), the import adds each row through the resource's own add, so a row is
 * checked by the same schema and rules as the form.
 */
export type ResourceExcel<T extends { id: string }, B extends z.ZodType> = {
  /** the sheet's title and the file's name: 角色信息 */
  title: string;
  asciiName: string;
  columns: ExcelColumn<T>[];
  list: (ctx: ResourceCtx, params: ListParams) => Promise<Page<T>>;
  /** the columns read; a title written `*角色编码` is required */
  importColumns: ImportColumn[];
  /** the add's body schema */
  body: B;
  add: (ctx: ResourceCtx, body: z.output<B>) => Promise<unknown>;
  /** a row's cells as the add's body when text is not enough (a dictionary's text to its value, a number) */
  toBody?: (ctx: ResourceCtx, values: Record<string, string>) => Promise<Record<string, unknown>> | Record<string, unknown>;
};

// An empty cell is an absent field, as the form leaves it.
/** A row's cells without the empty ones, so an optional field left blank is absent rather than ''. */
export const withoutBlanks = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== undefined));

export function resourceExcel<T extends { id: string }, B extends z.ZodType>(spec: ResourceExcel<T, B>) {
  return {
    exportXls: async (ctx: ResourceCtx, params: ListParams): Promise<ExcelFile> => {
      const rows = await exportRowsOf((query) => spec.list(ctx, query), params);
      return { body: await toWorkbook(spec.title, spec.columns, rows), fileName: `${spec.title}.xlsx`, asciiName: spec.asciiName };
    },
    importExcel: (ctx: ResourceCtx, file: Buffer): Promise<ImportReport> =>
      importRows(file, spec.importColumns, async (values) =>
        spec.add(ctx, bodyOf(spec.body, withoutBlanks(spec.toBody ? await spec.toBody(ctx, values) : values))),
      ),
  };
}

/**
 * Reads the sheet and adds its rows in order through `addRow`, which keeps whatever the rows share (a
 * parent added a few rows earlier). A row refused with a `BizError` is skipped and reported with its row
 * number and the reason; every other row is added.
 */
export async function importRows(file: Buffer, columns: ImportColumn[], addRow: (values: Record<string, string>) => Promise<unknown>): Promise<ImportReport> {
  const rows = await readWorkbook(file, columns);
  const errors: { row: number; message: string }[] = [];
  for (const { rowNumber, values } of rows) {
    try {
      await addRow(values);
    } catch (error) {
      if (!(error instanceof BizError)) throw error;
      errors.push({ row: rowNumber, message: error.message });
    }
  }
  return importReport(rows.length, errors);
}

/** A row's cells as the body `schema` makes of them; the schema's first complaint is the row's refusal, as the form words it. */
export function bodyOf<S extends z.ZodType>(schema: S, cells: unknown): z.output<S> {
  const parsed = schema.safeParse(cells);
  if (!parsed.success) throw new BizError(parsed.error.issues[0].message);
  return parsed.data;
}

/** A dictionary's value for a cell holding its text or its value; an unknown one is refused with the column's name. */
export async function dictValueOf(ctx: ResourceCtx, dictCode: string, column: string, cell: string | undefined): Promise<string | undefined> {
  if (!cell) return undefined;
  const items = (await ctx.deps.dicts.allItems())[dictCode] ?? [];
  const item = items.find((i) => i.text === cell || i.value === cell);
  if (!item) throw new BizError(`${column}“${cell.slice(0, 20)}”无效，应为 ${items.map((i) => i.text).join('、')}`);
  return item.value;
}
