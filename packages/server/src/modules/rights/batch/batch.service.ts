import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  BATCH_RECORD_DICTS,
  BatchLogAction,
  BatchMsg,
  batchFlow,
  type BatchAddBody,
  type BatchEditBody,
  type BatchRecord,
  type Page,
  splitFilePaths,
  initialState,
} from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { realnamesOf } from '../../../platform/db/user-names.ts';
import { newId } from '../../../platform/db/ids.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { assertAction, canTake } from '../../../platform/flow/flow-guard.ts';
import { transition } from '../../../platform/flow/transition.ts';
import { flowStore } from '../../core/flow/flow-store.ts';
import { created, updated } from '../../../platform/db/audit.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import { fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import { columnsOf, toWorkbook } from '../../../platform/excel/excel.ts';
import { exportRowsOf } from '../../../platform/list/export-pages.ts';
import type { ExcelFile, ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import type { DictService } from '../../config/dict/dict.service.ts';
import { nextCode } from '../../config/fill-rule/fill-rule.service.ts';
import { requireReadyOrg, viewerOf, type Viewer } from '../../core/org/org-context.ts';
import type { OrgRow } from '../../core/org/org.table.ts';
import { checkDateParams } from '../../core/shared/records.ts';
import { checkAttachments, FileType, linkAttachments, type Attachment } from '../../core/files/attachments.ts';
import { applyAmountOf, checkRights, usablePool } from './batch-rules.ts';
import { writeLog } from './batch-log.ts';
import { DataTable, recordVersion } from '../../core/datalog/datalog.service.ts';
import { rightsBatch, type BatchRow } from '../../core/tables/batch.table.ts';
import { batchScope, visibleBatch } from '../../core/tables/batch-scope.ts';

export const batchWhitelist: ListResource = {
  table: rightsBatch,
  fields: fieldsOf(rightsBatch, {
    id: ['string', { sort: false }],
    batchNo: 'string',
    batchName: 'string',
    orgId: 'string',
    orgName: 'string',
    rightNames: ['string', { sort: false }],
    infringeType: 'string',
    clueSource: 'string',
    platform: 'string',
    rightsMethod: 'string',
    poolId: 'string',
    status: 'string',
    closureResult: 'string',
    itemCount: 'number',
    applyAmount: ['number', { filter: false }],
    approvedAmount: ['number', { filter: false }],
    submitTime: 'datetime',
    approveTime: 'datetime',
    createTime: 'datetime',
    updateTime: 'datetime',
  }),
  defaultSort: { field: 'createTime', order: 'desc' },
  countVersion: 'rights_batch',
};

export async function batchRecords(dicts: DictService, viewer: Viewer | null, found: BatchRow[]): Promise<BatchRecord[]> {
  const plain = found.map((row) => {
    const {
      delFlag: _d,
      firstReviewerId: _f,
      ...rest
    } = withDateTexts(row, ['submitTime', 'approveTime', 'startTime', 'closureApplyTime', 'closedTime', 'createTime', 'updateTime']);
    const own = viewer?.org?.id === row.orgId;
    return { ...rest, editable: own && canTake(batchFlow, 'edit', row), withdrawable: own && canTake(batchFlow, 'withdraw', row) };
  });
  return (await dicts.withDictText(plain, BATCH_RECORD_DICTS)) as unknown as BatchRecord[];
}

/** 创建人 as a person's name. */
async function withCreatorNames(db: Db, records: BatchRecord[]): Promise<BatchRecord[]> {
  const personOf = await realnamesOf(
    db,
    records.map((r) => r.createBy),
  );
  return records.map((r) => ({ ...r, createByName: personOf(r.createBy) }));
}

export async function listBatches({ db, deps: { dicts }, user }: ResourceCtx, params: ListParams): Promise<Page<BatchRecord>> {
  checkDateParams(batchWhitelist, params);
  const viewer = await viewerOf(db, user);
  const extra = batchScope(viewer);
  if (typeof params.rightId === 'string' && params.rightId)
    extra.push(sql`(',' || ${rightsBatch.rightIds} || ',') like ${`%,${params.rightId.replace(/[%_,\\]/g, '')},%`}`);
  if (typeof params.selections === 'string' && params.selections)
    extra.push(inArray(rightsBatch.id, params.selections.split(',').filter(Boolean).slice(0, 10_000)));
  const page = await pageOf<BatchRow>(db, batchWhitelist, params, { extra, tieBreak: rightsBatch.id, keysFirst: true });
  return { ...page, records: await withCreatorNames(db, await batchRecords(dicts, viewer, page.records)) };
}

export async function batchById({ db, deps: { dicts }, user }: ResourceCtx, id: string): Promise<BatchRecord> {
  const { row, viewer } = await visibleBatch(db, user, id);
  return (await withCreatorNames(db, await batchRecords(dicts, viewer, [row])))[0];
}

/** The caller's organisation's batch, locked for the transaction, or 未找到对应数据. */
export async function lockOwnBatch(t: Db, org: OrgRow, id: string): Promise<BatchRow> {
  const [row] = await t
    .select()
    .from(rightsBatch)
    .where(and(eq(rightsBatch.id, id), eq(rightsBatch.orgId, org.id), eq(rightsBatch.delFlag, '0')))
    .for('update');
  if (!row) throw new BizError(BatchMsg.notFound);
  return row;
}

export const BATCH_FILE_BIZ = 'rights_batch';
/** The batches' table as their flow's transitions write it (`rights_batch`'s versions in the data log). */
export const batchStore = flowStore(rightsBatch, DataTable.batch);
export const evidenceOf = (paths: string | null): Attachment[] => [{ paths, fileType: FileType.evidence }];

async function settings(db: Db, org: OrgRow, body: BatchAddBody) {
  const rightNames = await checkRights(db, org, body.rightIds.split(','));
  const pool = await usablePool(db, body.poolId);
  return {
    pool,
    values: {
      batchName: body.batchName,
      rightIds: body.rightIds,
      rightNames,
      infringeType: body.infringeType,
      clueSource: body.clueSource,
      platform: body.platform,
      rightsMethod: body.rightsMethod,
      poolId: pool.id,
      poolName: pool.poolName,
      description: body.description,
      evidenceFiles: body.evidenceFiles,
      remark: body.remark,
    },
  };
}

/** 新增: a 草稿 of the caller's organisation, numbered by the threaded_code rule (XS + date + sequence). */
export async function addBatch(ctx: ResourceCtx, body: BatchAddBody): Promise<string> {
  const org = await requireReadyOrg(ctx.db, ctx.user);
  const { values } = await settings(ctx.db, org, body);
  await checkAttachments(ctx.db, ctx.user, evidenceOf(body.evidenceFiles));
  const id = newId();
  await ctx.db.transaction(async (t) => {
    await linkAttachments(t, BATCH_FILE_BIZ, id, evidenceOf(body.evidenceFiles), org.sysOrgCode);
    const batchNo = await nextCode(t, 'threaded_code');
    const added = {
      id,
      batchNo,
      orgId: org.id,
      orgName: org.orgName,
      ...values,
      status: initialState(batchFlow),
      sysOrgCode: org.sysOrgCode,
      ...created(ctx.user),
    };
    await t.insert(rightsBatch).values(added);
    await recordVersion(t, ctx.user, DataTable.batch, id, null, added);
    await writeLog(t, ctx.user, id, BatchLogAction.create, `批次编号 ${batchNo}`);
  });
  return id;
}

/** 编辑: only 草稿 or 退回补正; 申请金额 follows the pool chosen. */
export async function editBatch(ctx: ResourceCtx, body: BatchEditBody): Promise<void> {
  const org = await requireReadyOrg(ctx.db, ctx.user);
  const { pool, values } = await settings(ctx.db, org, body);
  await ctx.db.transaction(async (t) => {
    const row = await lockOwnBatch(t, org, body.id);
    await transition(t, batchStore, batchFlow, 'edit', row, ctx.user, values, {
      org,
      check: async () => {
        await checkAttachments(t, ctx.user, evidenceOf(body.evidenceFiles), splitFilePaths(row.evidenceFiles));
        await linkAttachments(t, BATCH_FILE_BIZ, row.id, evidenceOf(body.evidenceFiles), org.sysOrgCode);
        return { applyAmount: await applyAmountOf(t, pool, org.id, row.id, row.itemCount) };
      },
    });
    const changed = (Object.keys(values) as (keyof typeof values)[]).filter((k) => k !== 'rightNames' && k !== 'poolName' && values[k] !== row[k]);
    await writeLog(t, ctx.user, row.id, BatchLogAction.edit, changed.length ? `修改字段：${changed.join('、')}` : '未修改字段');
  });
}

/** 删除: only a 草稿 of the caller's organisation (a 退回补正 one is withdrawn); all listed or none. */
export async function deleteBatches(ctx: ResourceCtx, ids: string[]): Promise<void> {
  const org = await requireReadyOrg(ctx.db, ctx.user);
  await ctx.db.transaction(async (t) => {
    for (const id of ids) {
      const row = await lockOwnBatch(t, org, id);
      assertAction(batchFlow, 'delete', row);
      await t
        .update(rightsBatch)
        .set({ delFlag: '1', ...updated(ctx.user) })
        .where(eq(rightsBatch.id, id));
      await recordVersion(t, ctx.user, DataTable.batch, id, row, null);
    }
  });
}

const exportColumns = columnsOf<BatchRecord>({
  batchNo: ['批次编号', 16],
  batchName: ['批次名称', 24],
  orgName: ['申请机构', 26],
  rightNames: ['涉及权利', 36],
  infringeType: ['侵权类型', (r) => r.infringeType_dictText ?? r.infringeType],
  clueSource: ['线索来源', (r) => r.clueSource_dictText ?? r.clueSource],
  platform: ['侵权平台', (r) => r.platform_dictText ?? r.platform],
  rightsMethod: ['维权方式', (r) => r.rightsMethod_dictText ?? r.rightsMethod],
  itemCount: ['线索数量', 10],
  applyAmount: ['申请金额', 14],
  approvedAmount: ['核定金额', 14],
  poolName: ['资金池', 24],
  submitTime: ['提交时间', 20],
  status: ['状态', (r) => r.status_dictText ?? r.status],
  closureResult: ['结案结果', (r) => r.closureResult_dictText ?? r.closureResult ?? ''],
  successRate: ['成功率(%)', 10],
});

/** Every row of the list's filter and scope (or the chosen ones), refused above the export limit. */
export async function exportBatches(ctx: ResourceCtx, query: ListParams): Promise<ExcelFile> {
  const records = await exportRowsOf((params) => listBatches(ctx, params), query);
  return { body: await toWorkbook('线索批次', exportColumns, records), fileName: '线索批次.xlsx', asciiName: 'threaded.xlsx' };
}

export const resource = { list: listBatches, byId: batchById, add: addBatch, edit: editBatch, remove: deleteBatches, exportXls: exportBatches };
