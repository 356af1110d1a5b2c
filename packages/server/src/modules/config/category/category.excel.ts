import { eq, inArray } from 'drizzle-orm';
import { categoryAddBody, CategoryMsg, type CategoryRecord } from '@sbwq/contracts';
import { BizError } from '../../../platform/http/envelope.ts';
import { columnsOf, importColumnsOf, toWorkbook, type ImportReport } from '../../../platform/excel/excel.ts';
import { exportRowsOf } from '../../../platform/list/export-pages.ts';
import { pageOf, type ListParams } from '../../../platform/list/list-query.ts';
import type { ExcelFile, ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { bodyOf, importRows } from '../../../platform/resource/resource-excel.ts';
import { addCategory, categoryWhitelist } from './category.service.ts';
import { sysCategory } from './category.table.ts';

type Line = CategoryRecord & { parentCode: string };

/** The stock SysCategory's columns (类型名称, 类型编码, 是否有子节点) and the parent's code, which places a row on import. */
const exportColumns = columnsOf<Line>({
  name: ['类型名称', 30],
  code: ['类型编码', 20],
  parentCode: ['父级编码', 20],
  hasChild: ['是否有子节点(1:有)', 20],
});

/** Every category of the filter (all levels, by code, so a parent comes before its children). */
export async function exportCategories(ctx: ResourceCtx, params: ListParams): Promise<ExcelFile> {
  const rows = await exportRowsOf(async (query) => {
    const page = await pageOf<typeof sysCategory.$inferSelect>(ctx.db, categoryWhitelist, query, { tieBreak: sysCategory.id });
    return { ...page, records: page.records as CategoryRecord[] };
  }, params);
  const parentIds = [...new Set(rows.map((r) => r.pid))];
  const parents = parentIds.length
    ? await ctx.db.select({ id: sysCategory.id, code: sysCategory.code }).from(sysCategory).where(inArray(sysCategory.id, parentIds))
    : [];
  const codeOf = new Map(parents.map((p) => [p.id, p.code]));
  const lines = rows.map((r) => ({ ...r, parentCode: codeOf.get(r.pid) ?? '' }));
  return { body: await toWorkbook('分类字典', exportColumns, lines), fileName: '分类字典.xlsx', asciiName: 'categories.xlsx' };
}

const importColumns = importColumnsOf({ name: '*类型名称', code: '类型编码', parentCode: '父级编码' });

/**
 * Each row is added as 新增 adds it, under the category its 父级编码 names (none: a top-level one), with a
 * generated code. A 父级编码 may name a row earlier in the same file by the 类型编码 written there, so an
 * exported tree reads back as a tree.
 */
export async function importCategories(ctx: ResourceCtx, file: Buffer): Promise<ImportReport> {
  const addedAs = new Map<string, string>();
  return importRows(file, importColumns, async (values) => {
    let pid: string | undefined;
    if (values.parentCode) {
      pid = addedAs.get(values.parentCode);
      if (!pid) {
        const [parent] = await ctx.db.select({ id: sysCategory.id }).from(sysCategory).where(eq(sysCategory.code, values.parentCode));
        if (!parent) throw new BizError(`${CategoryMsg.parentMissing}：${values.parentCode.slice(0, 30)}`);
        pid = parent.id;
      }
    }
    const added = await addCategory(ctx, bodyOf(categoryAddBody, { name: values.name, pid }));
    if (values.code) addedAs.set(values.code, added.id);
  });
}
