import { eq } from 'drizzle-orm';
import { BATCH_SETTING_DICT, BatchDict, BatchStatus, DEFAULT_SECOND_REVIEW_THRESHOLD, SECOND_REVIEW_THRESHOLD_KEY } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { sysDict, sysDictItem } from '../../config/dict/dict.table.ts';

type Item = { value: string; text: string; description?: string };

/** Adds a dictionary if missing and the items it lacks (by value); existing texts are left as edited. */
async function ensureDict(db: Db, code: string, name: string, items: Item[], description: string | null = null) {
  await db.insert(sysDict).values({ id: newId(), dictName: name, dictCode: code, description, type: 0, createBy: 'system' }).onConflictDoNothing();
  const [dict] = await db.select({ id: sysDict.id }).from(sysDict).where(eq(sysDict.dictCode, code));
  const present = new Set((await db.select({ value: sysDictItem.itemValue }).from(sysDictItem).where(eq(sysDictItem.dictId, dict.id))).map((i) => i.value));
  const missing = items.filter((i) => !present.has(i.value));
  if (!missing.length) return;
  await db.insert(sysDictItem).values(
    missing.map((i) => ({
      id: newId(),
      dictId: dict.id,
      itemValue: i.value,
      itemText: i.text,
      description: i.description ?? null,
      sortOrder: Number(i.value) || 1,
      status: 1,
      createBy: 'system',
    })),
  );
}

const list = (...texts: string[]): Item[] => texts.map((text, i) => ({ value: String(i + 1), text }));

/**
 * The clue-batch vocabulary beyond the base dictionaries: 退回补正 in threaded_status, 线索来源, 结案结果,
 * and the 复审 threshold as an item of `threaded_setting` (its text is the yuan amount, editable in 字典管理).
 */
export async function seedBatchDicts(db: Db) {
  await ensureDict(db, BatchDict.status, '线索批次状态', [{ value: BatchStatus.returned, text: '退回补正' }]);
  await ensureDict(db, BatchDict.clueSource, '线索来源', list('自行监测', '权利人举报', '公众举报', '平台推送', '行政机关移送', '其他'));
  await ensureDict(db, BatchDict.closureResult, '结案结果', list('全部成功', '部分成功', '未成功', '不构成侵权'));
  await ensureDict(
    db,
    BATCH_SETTING_DICT,
    '线索批次设置',
    [{ value: SECOND_REVIEW_THRESHOLD_KEY, text: DEFAULT_SECOND_REVIEW_THRESHOLD, description: '申请金额超过此金额（元）的线索批次须经复审' }],
    '字典项文本为设置值',
  );
}
