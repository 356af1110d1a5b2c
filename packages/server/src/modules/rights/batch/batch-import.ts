import { eq } from 'drizzle-orm';
import { batchItemValue, BatchLogAction, BatchMsg, EDITABLE_STATUSES, MAX_BATCH_ITEMS, type BatchImportResult, type BatchItemValue } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { importColumnsOf, readWorkbook, toWorkbook } from '../../../platform/excel/excel.ts';
import type { ExcelFile } from '../../../platform/resource/resource-routes.ts';
import { requireReadyOrg } from '../../core/org/org-context.ts';
import { writeLog } from './batch-log.ts';
import { insertItems, recount } from './batch-items.service.ts';
import { lockOwnBatch } from './batch.service.ts';
import { rightsBatchItem } from '../../core/tables/batch.table.ts';

const columns = importColumnsOf({
  linkUrl: '*侵权链接',
  shopName: '店铺名称',
  operator: '经营者',
  location: '所在地',
  goodsName: '涉案商品',
  price: '价格',
  remark: '备注',
});

export async function itemTemplate(): Promise<ExcelFile> {
  const body = await toWorkbook(
    '线索明细',
    columns.map((c) => ({ title: c.required ? `*${c.title}` : c.title, key: c.key, width: c.key === 'linkUrl' ? 48 : 18 })),
    [],
  );
  return { body, fileName: '线索明细导入模板.xlsx', asciiName: 'threaded-items-template.xlsx' };
}

/**
 * Appends the rows of an item sheet to a 草稿 / 退回补正 batch. All rows or none: a batch's items are its
 * 申请金额, so a half-imported sheet would silently change the request; every bad row is reported
 * (row number as the sheet shows it) and nothing is written.
 */
export async function importItems(db: Db, user: SessionUser, batchId: string, file: Buffer): Promise<BatchImportResult> {
  const org = await requireReadyOrg(db, user);
  const sheet = await readWorkbook(file, columns);
  const errors: BatchImportResult['errors'] = [];
  const values: BatchItemValue[] = [];
  for (const { rowNumber, values: raw } of sheet) {
    const parsed = batchItemValue.safeParse({ ...raw, price: raw.price === '' ? null : raw.price });
    if (parsed.success) values.push(parsed.data);
    else errors.push({ row: rowNumber, message: [...new Set(parsed.error.issues.map((i) => i.message))].join('；') });
  }
  return db.transaction(async (t) => {
    const batch = await lockOwnBatch(t, org, batchId);
    if (!EDITABLE_STATUSES.includes(batch.status)) throw new BizError(BatchMsg.itemsNotEditable);
    const existing = await t
      .select({ linkUrl: rightsBatchItem.linkUrl, seq: rightsBatchItem.seq })
      .from(rightsBatchItem)
      .where(eq(rightsBatchItem.batchId, batch.id));
    const seen = new Set(existing.map((i) => i.linkUrl));
    const rowOf = new Map(sheet.map((r, i) => [i, r.rowNumber]));
    let valid = 0;
    sheet.forEach((r, i) => {
      const url = (r.values.linkUrl ?? '').trim();
      if (!url || errors.some((e) => e.row === rowOf.get(i))) return;
      if (seen.has(url)) errors.push({ row: r.rowNumber, message: BatchMsg.duplicateUrl(url) });
      seen.add(url);
      valid++;
    });
    if (existing.length + valid > MAX_BATCH_ITEMS) errors.push({ row: 0, message: BatchMsg.tooManyItems });
    if (errors.length) return { imported: 0, errors: errors.sort((a, b) => a.row - b.row) };
    if (!values.length) throw new BizError('Excel 中没有线索明细');
    await insertItems(
      t,
      user,
      batch.id,
      values,
      existing.reduce((m, i) => Math.max(m, i.seq), 0),
    );
    await recount(t, user, batch);
    await writeLog(t, user, batch.id, BatchLogAction.import, `导入 ${values.length} 条明细`);
    return { imported: values.length, errors: [] };
  });
}
