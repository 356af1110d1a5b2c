import { CLUE_URL_PATTERN, MAX_BATCH_ITEMS, MONEY_PATTERN, type batchItemValue, type BatchRecord } from '@sbwq/contracts';
import type { z } from 'zod';
import type { BatchBody } from './batch.api.ts';

const TEXT_FIELDS = ['batchName', 'infringeType', 'clueSource', 'platform', 'rightsMethod', 'poolId', 'description', 'evidenceFiles', 'remark'] as const;

/** The form's values: 涉及权利 is a multiple select (ids), the rest as the body has them. */
export type BatchFormValues = Partial<Record<(typeof TEXT_FIELDS)[number], string | null>> & { rightIds?: string[] };

/** A batch as form values; a new one starts as 自行监测 through 平台投诉, the common case. */
export function batchFormValues(record: BatchRecord | null): BatchFormValues {
  if (!record) return { clueSource: '1', rightsMethod: '1', rightIds: [] };
  const values: BatchFormValues = { rightIds: record.rightIds ? record.rightIds.split(',').filter(Boolean) : [] };
  for (const key of TEXT_FIELDS) values[key] = (record[key] as string | null | undefined) ?? null;
  return values;
}

/** The request body: trimmed texts, empty as null, 涉及权利 as the comma list the server takes; the id on edit. */
export function batchBodyOf(values: BatchFormValues, id?: string): BatchBody {
  const body: Record<string, string | null> = id ? { id } : {};
  for (const key of TEXT_FIELDS) {
    const value = values[key];
    body[key] = value === undefined || value === null || String(value).trim() === '' ? null : String(value).trim();
  }
  body.rightIds = (values.rightIds ?? []).join(',');
  return body as BatchBody;
}

/** One item as the items save takes it. */
export type ItemInput = z.input<typeof batchItemValue>;
export type PastedItems = { values: ItemInput[]; errors: string[] };

const cell = (value: string | undefined) => (value && value.trim() ? value.trim() : null);

/**
 * Lines pasted from a spreadsheet or typed, one clue a line: 侵权链接, then optionally 店铺名称, 经营者,
 * 所在地, 涉案商品, 价格, separated by tabs (a spreadsheet's copy). Blank lines are skipped; a bad link,
 * a bad price, a link twice or more than the batch may hold is named by its line.
 */
export function parsePastedItems(text: string, existing = 0): PastedItems {
  const values: ItemInput[] = [];
  const errors: string[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((line, index) => {
    if (!line.trim()) return;
    const [link, shopName, operator, location, goodsName, price] = line.split('\t').map((c) => c.trim());
    const n = index + 1;
    if (!CLUE_URL_PATTERN.test(link)) return void errors.push(`第 ${n} 行：侵权链接应为 http:// 或 https:// 开头的网址`);
    if (seen.has(link)) return void errors.push(`第 ${n} 行：侵权链接重复`);
    if (price && !MONEY_PATTERN.test(price)) return void errors.push(`第 ${n} 行：价格须为不小于0的数字，最多两位小数`);
    seen.add(link);
    values.push({
      linkUrl: link,
      shopName: cell(shopName),
      operator: cell(operator),
      location: cell(location),
      goodsName: cell(goodsName),
      price: cell(price),
      evidence: null,
      remark: null,
    });
  });
  if (existing + values.length > MAX_BATCH_ITEMS) errors.push(`每个批次最多 ${MAX_BATCH_ITEMS} 条线索明细，已有 ${existing} 条`);
  return { values, errors };
}

const textOf = (value: unknown) => (value === undefined || value === null || String(value).trim() === '' ? null : String(value).trim());

/**
 * The editable grid's rows as the items save takes them: texts trimmed, blanks as null, an existing
 * row's id kept (new rows come without one), each numbered by its place, so the order left is the order saved. While 维权中 only the handling goes with each row; the
 * content is sent as loaded, which the server leaves alone then.
 */
export function itemValuesOf(rows: Record<string, unknown>[]): ItemInput[] {
  return rows.map((row, index) => ({
    ...(typeof row.id === 'string' && row.id ? { id: row.id } : {}),
    seq: index + 1,
    linkUrl: String(row.linkUrl ?? '').trim(),
    shopName: textOf(row.shopName),
    operator: textOf(row.operator),
    location: textOf(row.location),
    goodsName: textOf(row.goodsName),
    price: textOf(row.price),
    evidence: textOf(row.evidence),
    status: textOf(row.status) ?? undefined,
    complaintNo: textOf(row.complaintNo),
    handleTime: textOf(row.handleTime),
    remark: textOf(row.remark),
  }));
}
