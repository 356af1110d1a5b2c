import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  batchClosureBody,
  batchClosureReviewBody,
  batchIdQuery,
  batchItemsSaveBody,
  BatchMsg,
  BatchPath,
  BatchPerm,
  batchProgressBody,
  batchResource,
  batchReviewBody,
  BatchStatsPath,
  batchWithdrawBody,
  idBody,
  Msg,
} from '@sbwq/contracts';
import { BizError, ok } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { pingMonitor } from '../../../platform/socket/monitor-ping.ts';
import { XLSX_TYPE } from '../../../platform/excel/excel.ts';
import { listQuerySchema } from '../../../platform/list/list-schema.ts';
import { registerResource, type ExcelFile } from '../../../platform/resource/resource-routes.ts';
import * as service from './batch.service.ts';
import { visibleBatch } from '../../core/tables/batch-scope.ts';
import * as flow from './batch-flow.service.ts';
import * as items from './batch-items.service.ts';
import * as progress from './batch-progress.service.ts';
import * as stats from './batch-stats.service.ts';
import { importItems, itemTemplate } from './batch-import.ts';
import { listLogs } from './batch-log.ts';
import { poolOptions, usableRights } from './batch-options.service.ts';

const tags = ['线索批次'];

const sendExcel = (reply: FastifyReply, file: ExcelFile) =>
  reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${file.asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .send(file.body);

/** 线索批次 (DOMAIN.md clue batch): the resource, its flow, items, progress, log and spec §7 statistics. */
export async function batchRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, dicts, sockets } = deps;

  registerResource(app, deps, batchResource, {
    tags,
    listResource: service.batchWhitelist,
    listExtra: {
      rightId: z.string().max(36).optional().describe('只取涉及该权利的批次'),
      selections: z.string().max(40_000).optional().describe('只取这些ID（逗号分隔；导出选中的记录）'),
    },
    docs: {
      list: {
        summary: '线索批次列表',
        description:
          '筛选：batchNo、batchName（*模糊*）、orgId/orgName、rightId、infringeType、platform、rightsMethod、clueSource、poolId、status（多选 status_MultiString）、closureResult、submitTime_begin/_end。机构用户只见本机构批次；协会工作人员可见全部（不含其他机构的草稿）。',
      },
      add: { summary: '新增线索批次（草稿）', description: '批次编号按 threaded_code 规则生成（XS+日期+流水）；涉及权利须为本机构已通过审核且未过期、授权未过期的记录。result 为批次ID。' },
      edit: { summary: '编辑线索批次（仅草稿或退回补正）' },
      delete: { summary: '删除线索批次（仅草稿或退回补正）' },
    },
    service: {
      list: (c, query) => service.listBatches(c.db, c.deps.dicts, c.user, query),
      byId: (c, id) => service.batchById(c.db, c.deps.dicts, c.user, id),
      add: service.addBatch,
      edit: service.editBatch,
      remove: service.deleteBatches,
      exportXls: service.exportBatches,
    },
    messages: { added: BatchMsg.added, edited: BatchMsg.edited, deleted: BatchMsg.deleted, queried: Msg.ok },
  });

  r.post(BatchPath.submit, { config: { permission: BatchPerm.submit }, schema: { tags, summary: '提交审核（草稿/退回补正 → 待审核）', body: idBody } }, async (request) => {
    await flow.submitBatch(db, request.user!, request.body.id);
    pingMonitor(sockets);
    return ok(null, BatchMsg.submitted, 200);
  });

  r.post(BatchPath.withdraw, { config: { permission: BatchPerm.withdraw }, schema: { tags, summary: '撤销（维权开始前；已冻结金额解冻）', body: batchWithdrawBody } }, async (request) => {
    await flow.withdrawBatch(db, sockets, request.user!, request.body.id, request.body.reason);
    pingMonitor(sockets);
    return ok(null, BatchMsg.withdrawn, 200);
  });

  r.post(
    BatchPath.review,
    {
      config: { permission: BatchPerm.review },
      schema: {
        tags,
        summary: '初审/复审（pass/reject/returned）',
        description: '待审核为初审，待复审为复审；申请金额超过复审阈值时初审通过转复审，否则转待维权并在资金池冻结核定金额（默认等于申请金额）。驳回、退回须填写意见；复审须由初审以外的审核人完成。',
        body: batchReviewBody,
      },
    },
    async (request) => ok(null, await flow.reviewBatch(db, sockets, request.user!, request.body), 200),
  );

  r.post(BatchPath.startEnforce, { config: { permission: BatchPerm.enforce }, schema: { tags, summary: '开始维权（待维权 → 维权中）', body: idBody } }, async (request) => {
    await flow.startEnforce(db, request.user!, request.body.id);
    return ok(null, BatchMsg.started, 200);
  });

  r.post(BatchPath.applyClosure, { config: { permission: BatchPerm.closure }, schema: { tags, summary: '申请结案（维权中 → 待结案审核）', body: batchClosureBody } }, async (request) => {
    await flow.applyClosure(db, request.user!, request.body);
    return ok(null, BatchMsg.closureApplied, 200);
  });

  r.post(
    BatchPath.closureReview,
    { config: { permission: BatchPerm.closureReview }, schema: { tags, summary: '结案审核（pass → 已结案；returned → 维权中）', body: batchClosureReviewBody } },
    async (request) => ok(null, await flow.reviewClosure(db, sockets, request.user!, request.body), 200),
  );

  r.get(
    BatchPath.itemList,
    { config: { permission: BatchPerm.list }, schema: { tags, summary: '线索明细列表', querystring: listQuerySchema(items.itemWhitelist, batchIdQuery.shape) } },
    async (request) => ok(await items.listItems(db, dicts, request.user!, String(request.query.batchId), request.query), Msg.ok, 200),
  );

  r.post(
    BatchPath.itemSave,
    { config: { permission: BatchPerm.edit }, schema: { tags, summary: '保存线索明细（可编辑表格的 values 与 deleteIds）', body: batchItemsSaveBody } },
    async (request) => {
      await items.saveItems(db, request.user!, request.body);
      return ok(await service.batchById(db, dicts, request.user!, request.body.batchId), BatchMsg.itemsSaved, 200);
    },
  );

  r.post(
    BatchPath.itemImport,
    { config: { permission: BatchPerm.import }, schema: { tags, summary: '导入线索明细（.xlsx；有任一行错误则全部不导入）', querystring: batchIdQuery } },
    async (request) => {
      const file = await request.file();
      if (!file) throw new BizError('请上传 Excel 文件');
      if (!/\.xlsx$/i.test(file.filename)) throw new BizError('只支持 .xlsx 格式的 Excel 文件');
      const result = await importItems(db, request.user!, request.query.batchId, await file.toBuffer());
      return result.errors.length ? ok(result, BatchMsg.importFailed(result.errors.length), 201) : ok(result, BatchMsg.imported(result.imported), 200);
    },
  );

  r.get(BatchPath.itemTemplate, { config: { permission: BatchPerm.import }, schema: { tags, summary: '下载线索明细导入模板' } }, async (_request, reply) => sendExcel(reply, await itemTemplate()));

  r.get(BatchPath.progressList, { config: { permission: BatchPerm.list }, schema: { tags, summary: '进度记录（时间线，最早的在前）', querystring: batchIdQuery } }, async (request) =>
    ok(await progress.listProgress(db, dicts, request.user!, request.query.batchId), Msg.ok, 200),
  );

  r.post(BatchPath.progressAdd, { config: { permission: BatchPerm.progress }, schema: { tags, summary: '记录维权进度（维权中）', body: batchProgressBody } }, async (request) =>
    ok(await progress.addProgress(db, request.user!, request.body), BatchMsg.progressAdded, 200),
  );

  r.get(BatchPath.logList, { config: { permission: BatchPerm.list }, schema: { tags, summary: '批次操作日志（最新的在前）', querystring: batchIdQuery } }, async (request) => {
    await visibleBatch(db, request.user!, request.query.batchId);
    return ok(await listLogs(db, request.query.batchId), Msg.ok, 200);
  });

  r.get(BatchPath.usableRights, { config: { permission: BatchPerm.add }, schema: { tags, summary: '可用于线索批次的本机构权利（已通过审核、未过期、授权未过期）' } }, async (request) =>
    ok(await usableRights(db, request.user!), Msg.ok, 200),
  );
  r.get(BatchPath.pools, { config: { permission: BatchPerm.add }, schema: { tags, summary: '可申请的资金池（启用且设有单件补贴标准），含本机构尚可申请金额' } }, async (request) =>
    ok(await poolOptions(db, request.user!), Msg.ok, 200),
  );

  const statTags = ['统计'];
  const signedIn = { signedIn: true };
  r.get(BatchStatsPath.applyNum, { config: signedIn, schema: { tags: statTags, summary: '线索申请总数（机构用户为本机构）' } }, async (request) => ok(await stats.batchCount(db, request.user!, 'apply'), Msg.querySuccess, 200));
  r.get(BatchStatsPath.applyPassNum, { config: signedIn, schema: { tags: statTags, summary: '线索申请通过数（机构用户为本机构）' } }, async (request) => ok(await stats.batchCount(db, request.user!, 'pass'), Msg.querySuccess, 200));
  r.get(BatchStatsPath.monthApplyNum, { config: signedIn, schema: { tags: statTags, summary: '最近12个月每月线索申请数 [{ month, num }]' } }, async (request) =>
    ok(await stats.monthlyCounts(db, request.user!, 'apply'), Msg.querySuccess, 200),
  );
  r.get(BatchStatsPath.monthApplyPassNum, { config: signedIn, schema: { tags: statTags, summary: '最近12个月每月线索申请通过数 [{ month, num }]' } }, async (request) =>
    ok(await stats.monthlyCounts(db, request.user!, 'pass'), Msg.querySuccess, 200),
  );
}
