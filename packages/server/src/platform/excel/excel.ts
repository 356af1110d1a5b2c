import type ExcelJS from 'exceljs';

// Imported on the first export or import, not at start: exceljs and what it loads hold about 30 MB that an
// idle server does not need (issue 35: idle memory).
const excel = () => import('exceljs').then((m) => m.default);
import { CONTROL_CHARS, Msg } from '@sbwq/contracts';
import { BizError } from '../http/envelope.ts';

export type ExcelColumn<T> = {
  title: string;
  key: string;
  width?: number;
  /** value written to the sheet; defaults to row[key] */
  value?: (row: T) => string | number | null | undefined;
  /** the number format of the row's cell (`#,##0.00`), for a number */
  numFmt?: (row: T) => string;
};

type CellValue<T> = NonNullable<ExcelColumn<T>['value']>;
/** A column in short: its title, or its title with a width, how its value is written, or both. */
export type ColumnShort<T> = string | readonly [string, number] | readonly [string, CellValue<T>] | readonly [string, number, CellValue<T>];

/** Columns keyed by row property, in order: `columnsOf<PoolRecord>({ poolCode: ['编号', 14], orgCap: '单机构上限' })`. */
export function columnsOf<T>(short: Record<string, ColumnShort<T>>): ExcelColumn<T>[] {
  return Object.entries(short).map(([key, column]) => {
    if (typeof column === 'string') return { title: column, key };
    const [title, widthOrValue, value] = column;
    if (typeof widthOrValue !== 'number') return { title, key, value: widthOrValue };
    return value ? { title, key, width: widthOrValue, value } : { title, key, width: widthOrValue };
  });
}

export type ImportColumn = { title: string; key: string; required?: boolean };

/** The columns an import reads, keyed by property; a title written `*注册号` is required (and read as 注册号). */
export function importColumnsOf(titles: Record<string, string>): ImportColumn[] {
  return Object.entries(titles).map(([key, title]) => (title.startsWith('*') ? { title: title.slice(1), key, required: true } : { title, key }));
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const MAX_IMPORT_ROWS = 10_000;

/**
 * A sheet the way JeecgBoot lays it out: a title row, then the header, then data — so a file exported
 * here can be edited and imported again.
 */
export async function toWorkbook<T>(title: string, columns: ExcelColumn<T>[], rows: T[]): Promise<Buffer> {
  const book = new (await excel()).Workbook();
  book.creator = '商标维权服务系统';
  const sheet = book.addWorksheet(title.slice(0, 31));
  sheet.columns = columns.map((c) => ({ key: c.key, width: c.width ?? 18 }));
  sheet.mergeCells(1, 1, 1, Math.max(columns.length, 1));
  const titleCell = sheet.getCell(1, 1);
  titleCell.value = title;
  titleCell.font = { bold: true, size: 14 };
  titleCell.alignment = { horizontal: 'center' };
  const header = sheet.getRow(2);
  columns.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.value = c.title;
    cell.font = { bold: true };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE6F4FF' } };
  });
  for (const row of rows) {
    const added = sheet.addRow(
      columns.map((c) => {
        const v = c.value ? c.value(row) : (row as Record<string, unknown>)[c.key];
        // A leading = + - @ would make a spreadsheet evaluate the cell: keep text as text.
        if (typeof v === 'string' && /^[=+\-@\t\r]/.test(v)) return `'${v}`;
        return (v ?? '') as string | number;
      }),
    );
    columns.forEach((c, i) => {
      const cell = added.getCell(i + 1);
      if (c.numFmt && typeof cell.value === 'number') cell.numFmt = c.numFmt(row);
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

export type ImportedRow = { rowNumber: number; values: Record<string, string> };

/**
 * Reads the first sheet: the header row is the first of the top three rows that names every
 * required column; values are keyed by column key and trimmed to text.
 */
export async function readWorkbook(buffer: Buffer, columns: ImportColumn[]): Promise<ImportedRow[]> {
  const book = new (await excel()).Workbook();
  try {
    // ExcelJS types its input as an ArrayBuffer; a copy of the upload's bytes is one (≤ 10 MB, once per import).
    await book.xlsx.load(new Uint8Array(buffer).buffer);
  } catch {
    throw new BizError('文件不是有效的 Excel（.xlsx）文件');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new BizError('Excel 文件中没有工作表');
  const text = (v: ExcelJS.CellValue): string => {
    if (v === null || v === undefined) return '';
    if (typeof v === 'object') {
      if ('richText' in v)
        return v.richText
          .map((r) => r.text)
          .join('')
          .trim();
      if ('text' in v) return String(v.text).trim();
      if ('result' in v) return String(v.result ?? '').trim();
      if (v instanceof Date) return v.toISOString().slice(0, 10);
    }
    return String(v).trim();
  };
  let headerRow = 0;
  let positions = new Map<string, number>();
  for (let r = 1; r <= Math.min(3, sheet.rowCount); r++) {
    const found = new Map<string, number>();
    sheet.getRow(r).eachCell((cell, col) => {
      const title = text(cell.value).replace(/^\*/, '');
      const column = columns.find((c) => c.title === title);
      if (column) found.set(column.key, col);
    });
    if (columns.filter((c) => c.required).every((c) => found.has(c.key)) && found.size > 0) {
      headerRow = r;
      positions = found;
      break;
    }
  }
  if (!headerRow) {
    throw new BizError(
      `未找到表头，请使用导出的模板；必填列：${columns
        .filter((c) => c.required)
        .map((c) => c.title)
        .join('、')}`,
    );
  }
  const rows: ImportedRow[] = [];
  for (let r = headerRow + 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const values: Record<string, string> = {};
    for (const [key, col] of positions) {
      values[key] = text(row.getCell(col).value).replace(/^'(?=[=+\-@])/, '');
      // A cell reaches the database as a request field does: the same characters are refused.
      if (CONTROL_CHARS.test(values[key])) {
        throw new BizError(`第 ${r} 行「${columns.find((c) => c.key === key)?.title ?? key}」${Msg.controlChars}`);
      }
    }
    if (Object.values(values).every((v) => v === '')) continue;
    rows.push({ rowNumber: r, values });
    if (rows.length > MAX_IMPORT_ROWS) throw new BizError(`一次最多导入 ${MAX_IMPORT_ROWS} 行`);
  }
  return rows;
}

export type ImportReport = {
  totalCount: number;
  successCount: number;
  errorCount: number;
  msg: string;
  errors: { row: number; message: string }[];
};

export function importReport(total: number, errors: { row: number; message: string }[]): ImportReport {
  const successCount = total - errors.length;
  return {
    totalCount: total,
    successCount,
    errorCount: errors.length,
    msg: errors.length ? `共 ${total} 行，成功 ${successCount} 行，失败 ${errors.length} 行` : `共${total}行数据全部导入成功！`,
    errors,
  };
}
