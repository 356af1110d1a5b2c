import { and, asc, eq, inArray } from 'drizzle-orm';
import { dictAddBody, dictItemAddBody, type DictRecord } from '@sbwq/contracts';
import { BizError } from '../../../platform/http/envelope.ts';
import { columnsOf, importColumnsOf, toWorkbook, type ImportReport } from '../../../platform/excel/excel.ts';
import { bodyOf, importRows, withoutBlanks } from '../../../platform/resource/resource-excel.ts';
import { exportRowsOf } from '../../../platform/list/export-pages.ts';
import type { ListParams } from '../../../platform/list/list-query.ts';
import type { ExcelFile, ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { addDict, addItem, listDicts } from './dict-admin.service.ts';
import { sysDict, sysDictItem } from './dict.table.ts';

/**
 * 字典信息.xlsx: the stock SysDictPage (字典名称, 字典编码, 描述 and its 字典列表 of items) flattened to one
 * row per item — a dictionary's own cells repeated on each of its rows, one row for a dictionary without
 * items — so the file reads back with the same columns.
 */
type Line = Pick<DictRecord, 'id' | 'dictName' | 'dictCode' | 'description'> & {
  itemText?: string;
  itemValue?: string;
  itemDescription?: string | null;
  sortOrder?: number | null;
};

const exportColumns = columnsOf<Line>({
  dictName: ['字典名称', 20],
  dictCode: ['字典编码', 30],
  description: ['描述', 30],
  itemText: ['字典项文本', 20],
  itemValue: ['字典项值', 30],
  itemDescription: ['字典项描述', 40],
  sortOrder: ['排序', 10],
});

export async function exportDicts(ctx: ResourceCtx, params: ListParams): Promise<ExcelFile> {
  const dicts = await exportRowsOf((query) => listDicts(ctx, query), params);
  const items = dicts.length
    ? await ctx.db
        .select()
        .from(sysDictItem)
        .where(
          inArray(
            sysDictItem.dictId,
            dicts.map((d) => d.id),
          ),
        )
        .orderBy(asc(sysDictItem.sortOrder), asc(sysDictItem.id))
    : [];
  const lines = dicts.flatMap((dict): Line[] => {
    const own = items.filter((i) => i.dictId === dict.id);
    if (!own.length) return [dict];
    return own.map((i) => ({ ...dict, itemText: i.itemText, itemValue: i.itemValue, itemDescription: i.description, sortOrder: i.sortOrder }));
  });
  return { body: await toWorkbook('字典信息', exportColumns, lines), fileName: '字典信息.xlsx', asciiName: 'dicts.xlsx' };
}

const importColumns = importColumnsOf({
  dictName: '*字典名称',
  dictCode: '*字典编码',
  description: '描述',
  itemText: '字典项文本',
  itemValue: '字典项值',
  itemDescription: '字典项描述',
  sortOrder: '排序',
});

/**
 * A dictionary code's first row adds the dictionary (checked as 新增 checks it: a code already there is
 * refused), and each row with an item adds it to that dictionary; a row whose dictionary was refused
 * is reported with the same reason.
 */
export async function importDicts(ctx: ResourceCtx, file: Buffer): Promise<ImportReport> {
  const dictOf = new Map<string, { id: string } | { refused: string }>();
  const dictIdOf = async (values: Record<string, string>) => {
    let dict = dictOf.get(values.dictCode);
    if (!dict) {
      try {
        const body = bodyOf(dictAddBody, withoutBlanks({ dictName: values.dictName, dictCode: values.dictCode, description: values.description }));
        await addDict(ctx, body);
        const [row] = await ctx.db
          .select({ id: sysDict.id })
          .from(sysDict)
          .where(and(eq(sysDict.dictCode, body.dictCode), eq(sysDict.delFlag, 0)));
        dict = { id: row.id };
      } catch (error) {
        if (!(error instanceof BizError)) throw error;
        dict = { refused: error.message };
      }
      dictOf.set(values.dictCode, dict);
    }
    if ('refused' in dict) throw new BizError(dict.refused);
    return dict.id;
  };
  return importRows(file, importColumns, async (values) => {
    const dictId = await dictIdOf(values);
    if (!values.itemText && !values.itemValue) return;
    const item = withoutBlanks({
      dictId,
      itemText: values.itemText,
      itemValue: values.itemValue,
      description: values.itemDescription,
      sortOrder: values.sortOrder,
    });
    await addItem(ctx, bodyOf(dictItemAddBody, item));
  });
}
