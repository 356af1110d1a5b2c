import { and, eq } from 'drizzle-orm';
import { departBody, type DepartTreeNode } from '@sbwq/contracts';
import { BizError } from '../../../platform/http/envelope.ts';
import { columnsOf, importColumnsOf, toWorkbook, type ImportReport } from '../../../platform/excel/excel.ts';
import { exportRowsOf } from '../../../platform/list/export-pages.ts';
import { fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import { bodyOf, dictValueOf, importRows, withoutBlanks } from '../../../platform/resource/resource-excel.ts';
import type { ExcelFile, ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { addDepart, toTreeNode } from './depart.service.ts';
import { sysDepart } from './depart.table.ts';

/** The export's filter: the stock screen sends none, a caller may narrow by name, code or category. */
export const departExportWhitelist: ListResource = {
  table: sysDepart,
  fields: fieldsOf(sysDepart, { departName: 'string', orgCode: 'string', orgCategory: 'string' }),
  defaultSort: { field: 'orgCode', order: 'asc' },
};

type Line = DepartTreeNode & { orgCategoryText: string };

/** The stock SysDepart's Excel columns; 机构类别 as its text, 机构编码 places a row under its parent on import. */
const exportColumns = columnsOf<Line>({
  departName: ['机构/部门名称', 30],
  departNameEn: '英文名',
  departOrder: ['排序', 8],
  description: '描述',
  orgCategoryText: ['机构类别', 10],
  orgCode: '机构编码',
  mobile: '手机号',
  fax: '传真',
  address: ['地址', 30],
  memo: '备注',
});

/** The departments of the filter, by code: a parent comes before its children. */
export async function exportDeparts(ctx: ResourceCtx, params: ListParams): Promise<ExcelFile> {
  const categories = new Map(((await ctx.deps.dicts.allItems()).org_category ?? []).map((i) => [i.value, i.text]));
  const rows = await exportRowsOf(async (query) => {
    const page = await pageOf<typeof sysDepart.$inferSelect>(ctx.db, departExportWhitelist, query, {
      extra: [eq(sysDepart.delFlag, '0')],
      tieBreak: sysDepart.id,
    });
    return { ...page, records: page.records.map(toTreeNode) };
  }, params);
  const lines = rows.map((d) => ({ ...d, orgCategoryText: categories.get(d.orgCategory ?? '') ?? d.orgCategory ?? '' }));
  return { body: await toWorkbook('部门信息', exportColumns, lines), fileName: '部门信息.xlsx', asciiName: 'departs.xlsx' };
}

const importColumns = importColumnsOf({
  departName: '*机构/部门名称',
  departNameEn: '英文名',
  departOrder: '排序',
  description: '描述',
  orgCategory: '机构类别',
  orgCode: '机构编码',
  mobile: '手机号',
  fax: '传真',
  address: '地址',
  memo: '备注',
});

/**
 * As the stock import reads the file: a 机构编码 of three characters is a top-level one, a longer one goes
 * under the department whose code is the same less its last three — a department already there, or a row
 * earlier in the file (by the code written there). Each row is added as 新增 adds it, with a generated code.
 */
export async function importDeparts(ctx: ResourceCtx, file: Buffer): Promise<ImportReport> {
  const addedAs = new Map<string, string>();
  return importRows(file, importColumns, async (values) => {
    let parentId: string | undefined;
    const parentCode = values.orgCode.length > 3 ? values.orgCode.slice(0, -3) : '';
    if (parentCode) {
      parentId = addedAs.get(parentCode);
      if (!parentId) {
        const [parent] = await ctx.db
          .select({ id: sysDepart.id })
          .from(sysDepart)
          .where(and(eq(sysDepart.orgCode, parentCode), eq(sysDepart.delFlag, '0')));
        if (!parent) throw new BizError(`上级部门不存在：机构编码 ${parentCode.slice(0, 30)}`);
        parentId = parent.id;
      }
    }
    const orgCategory = await dictValueOf(ctx, 'org_category', '机构类别', values.orgCategory);
    const { orgCode: _written, ...cells } = values;
    const id = await addDepart(ctx.db, ctx.user, bodyOf(departBody, withoutBlanks({ ...cells, orgCategory, parentId })));
    if (values.orgCode) addedAs.set(values.orgCode, id);
  });
}
