import type { Page } from '@sbwq/contracts';
import { BizError } from '../http/envelope.ts';
import { MAX_PAGE_SIZE, type ListParams } from './list-query.ts';

/** An export is a working set for a spreadsheet, not a dump of the table. */
export const EXPORT_MAX_ROWS = 10_000;

export const exportTooMany = (total: number) => `符合条件的数据共 ${total} 条，超过导出上限 ${EXPORT_MAX_ROWS} 条，请缩小查询范围后再导出`;

/**
 * Every row of a list's filter, page by page, for an Excel export; or only the chosen ones when the
 * list sends `selections` (comma-separated ids). More than EXPORT_MAX_ROWS is refused rather than cut
 * short: a file that silently stops at some row would be taken for the whole set.
 */
export async function exportRowsOf<T extends { id: string }>(list: (params: ListParams) => Promise<Page<T>>, params: ListParams): Promise<T[]> {
  const selected = typeof params.selections === 'string' && params.selections ? new Set(params.selections.split(',')) : null;
  const rows: T[] = [];
  for (let pageNo = 1; ; pageNo++) {
    const page = await list({ ...params, pageNo: String(pageNo), pageSize: String(MAX_PAGE_SIZE) });
    if (pageNo === 1 && !selected && page.total > EXPORT_MAX_ROWS) throw new BizError(exportTooMany(page.total));
    rows.push(...(selected ? page.records.filter((r) => selected.has(r.id)) : page.records));
    if (pageNo >= page.pages || rows.length >= (selected?.size ?? EXPORT_MAX_ROWS)) break;
  }
  return rows.slice(0, EXPORT_MAX_ROWS);
}
