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
const withoutBlanks = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '' && v !== undefined));

export function resourceExcel<T extends { id: string }, B extends z.ZodType>(spec: ResourceExcel<T, B>) {
  return {
    exportXls: async (ctx: ResourceCtx, params: ListParams): Promise<ExcelFile> => {
      const rows = await exportRowsOf((query) => spec.list(ctx, query), params);
      return { body: await toWorkbook(spec.title, spec.columns, rows), fileName: `${spec.title}.xlsx`, asciiName: spec.asciiName };
    },
    /** a bad row is skipped and reported with its row number and the reason; every other row is added */
    importExcel: async (ctx: ResourceCtx, file: Buffer): Promise<ImportReport> => {
      const rows = await readWorkbook(file, spec.importColumns);
      const errors: { row: number; message: string }[] = [];
      for (const row of rows) {
        try {
          const parsed = spec.body.safeParse(withoutBlanks(spec.toBody ? await spec.toBody(ctx, row.values) : row.values));
          if (!parsed.success) throw new BizError(parsed.error.issues[0].message);
          await spec.add(ctx, parsed.data);
        } catch (error) {
          if (!(error instanceof BizError)) throw error;
          errors.push({ row: row.rowNumber, message: error.message });
        }
      }
      return importReport(rows.length, errors);
    },
  };
}

/** A dictionary's value for a cell holding its text or its value; an unknown one is refused with the column's name. */
export async function dictValueOf(ctx: ResourceCtx, dictCode: string, column: string, cell: string | undefined): Promise<string | undefined> {
  if (!cell) return undefined;
  const items = (await ctx.deps.dicts.allItems())[dictCode] ?? [];
  const item = items.find((i) => i.text === cell || i.value === cell);
  if (!item) throw new BizError(`${column}“${cell.slice(0, 20)}”无效，应为 ${items.map((i) => i.text).join('、')}`);
  return item.value;
}
