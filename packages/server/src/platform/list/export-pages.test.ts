import { describe, expect, it } from 'vitest';
import type { Page } from '@sbwq/contracts';
import { EXPORT_MAX_ROWS, exportRowsOf, exportTooMany } from './export-pages.ts';
import type { ListParams } from './list-query.ts';

/** A list of `total` rows served in pages, recording which pages were asked for. */
function listOf(total: number) {
  const asked: number[] = [];
  const list = async (params: ListParams): Promise<Page<{ id: string }>> => {
    const pageNo = Number(params.pageNo);
    const pageSize = Number(params.pageSize);
    asked.push(pageNo);
    const records = Array.from({ length: Math.max(0, Math.min(pageSize, total - (pageNo - 1) * pageSize)) }, (_, i) => ({
      id: `r${(pageNo - 1) * pageSize + i + 1}`,
    }));
    return { records, total, size: pageSize, current: pageNo, pages: Math.ceil(total / pageSize) };
  };
  return { list, asked };
}

describe('Excel export of a list (spec §1 list conventions: 导出 exports the rows of the current filter)', () => {
  it('exports every page of the filter, not only the first thousand rows', async () => {
    const { list, asked } = listOf(2_345);
    const rows = await exportRowsOf(list, { poolId: 'p1' });
    expect(rows).toHaveLength(2_345);
    expect(rows.at(-1)?.id).toBe('r2345');
    expect(asked).toEqual([1, 2, 3]);
  });

  it('exports only the chosen rows when selections are sent, and stops reading once all are found', async () => {
    const { list, asked } = listOf(5_000);
    const rows = await exportRowsOf(list, { selections: 'r2,r1500' });
    expect(rows.map((r) => r.id)).toEqual(['r2', 'r1500']);
    expect(asked).toEqual([1, 2]);
  });

  it('refuses a filter with more rows than the export limit instead of cutting the file short', async () => {
    const { list } = listOf(EXPORT_MAX_ROWS + 1);
    await expect(exportRowsOf(list, {})).rejects.toThrow(exportTooMany(EXPORT_MAX_ROWS + 1));
  });
});
