import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  agencyApplyStatisticsBody,
  AgencyStatsPath,
  CLAIM_PAYABLE_STATUSES,
  ClaimMsg,
  ClaimPath,
  ClaimPerm,
  claimPayBody,
  claimPayFailedBody,
  claimResource,
  claimReviewBody,
  ClaimStatus,
  idBody,
  Msg,
  PaymentPerm,
} from '@sbwq/contracts';
import { ok } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { pingMonitor } from '../../../platform/socket/monitor-ping.ts';
import { XLSX_TYPE } from '../../../platform/excel/excel.ts';
import { splitIds } from '../../../platform/http/ids.ts';
import { listQuerySchema } from '../../../platform/list/list-schema.ts';
import { registerResource, type ExcelFile } from '../../../platform/resource/resource-routes.ts';
import * as service from './claim.service.ts';
import * as flow from './claim-flow.service.ts';
import * as payment from './claim-payment.service.ts';
import * as progress from './claim-progress.service.ts';
import { finClaim } from '../../core/tables/claim.table.ts';

const tags = ['报销管理'];
const payTags = ['付款管理'];

const sendExcel = (reply: FastifyReply, file: ExcelFile) =>
  reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename="${file.asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .send(file.body);

const idQuery = z.object({ id: idBody.shape.id });
const batchIdQuery = z.object({ batchId: idBody.shape.id });
const claimIdQuery = z.object({ claimId: idBody.shape.id });
const idsQuery = z.object({ ids: z.string({ error: '请选择报销单' }).min(1, '请选择报销单').max(4000) });

/** 报销单 and 付款 (DOMAIN.md claim flow; spec §1 finance records and progress, §7 机构申请排行). */
export async function claimRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, dicts, sockets } = deps;

  registerResource(app, deps, claimResource, {
    tags,
    listResource: service.claimWhitelist,
    docs: {
      list: { description: '机构用户只看到本机构的报销单；协会人员看到已提交的报销单。金额为两位小数的字符串，invoices 为发票明细。' },
      add: { summary: '新增报销单（待提交）', description: '报销单号按 claim_code 规则生成（BX+日期+流水）；关联批次须为本机构维权中或已结案且有冻结金额的批次；收款账户须为本机构已审核通过的账户；同一发票（代码+号码）只能报销一次。result 为报销单。' },
      edit: { summary: '修改报销单（仅待提交或退回补充发票）', description: '发票明细整体替换。' },
      delete: { summary: '删除报销单（仅待提交）' },
    },
    service: {
      list: (c, query) => service.listClaims(c.db, c.deps.dicts, c.user, query),
      byId: (c, id) => service.claimById(c.db, c.deps.dicts, c.user, id),
      add: service.addClaim,
      edit: service.editClaim,
      remove: service.deleteClaims,
      exportXls: service.exportClaims,
    },
    messages: { added: ClaimMsg.added, edited: ClaimMsg.edited, deleted: ClaimMsg.deleted, queried: Msg.ok },
  });

  r.post(ClaimPath.submit, { config: { permission: ClaimPerm.submit }, schema: { tags, summary: '提交报销单（待提交/退回补充发票 → 待业务审核）', body: idBody } }, async (request) => {
    await flow.submitClaim(db, request.user!, request.body.id);
    pingMonitor(deps.sockets);
    return ok(await service.claimById(db, dicts, request.user!, request.body.id), ClaimMsg.submitted, 200);
  });

  const reviewDoc = '通过时核定金额（默认为已核定金额或申请金额减扣减项）不能大于申请金额减扣减项、批次尚可报销的冻结金额和资金池单机构上限；驳回或退回补充发票须填写意见；不能审核自己提交的报销单。';
  r.post(ClaimPath.bizReview, { config: { permission: ClaimPerm.bizReview }, schema: { tags, summary: '业务审核（待业务审核 → 待财务审核/已驳回/退回补充发票）', description: reviewDoc, body: claimReviewBody } }, async (request) => {
    const message = await flow.bizReview(db, sockets, request.user!, request.body);
    return ok(await service.claimById(db, dicts, request.user!, request.body.id), message, 200);
  });
  r.post(ClaimPath.financeReview, { config: { permission: ClaimPerm.financeReview }, schema: { tags, summary: '财务审核（待财务审核 → 待付款/已驳回/退回补充发票）', description: reviewDoc, body: claimReviewBody } }, async (request) => {
    const message = await flow.financeReview(db, sockets, request.user!, request.body);
    return ok(await service.claimById(db, dicts, request.user!, request.body.id), message, 200);
  });

  r.get(ClaimPath.progress, { config: { permission: ClaimPerm.list }, schema: { tags, summary: '报销单财务进度（时间线，最早的在前）', querystring: idQuery } }, async (request) =>
    ok(await progress.claimProgress(db, request.user!, request.query.id), Msg.ok, 200),
  );
  r.get(ClaimPath.batchSummary, { config: { permission: ClaimPerm.list }, schema: { tags, summary: '批次资金进度：核定、冻结、申请、已核定、已付、已解冻、尚可报销', querystring: batchIdQuery } }, async (request) =>
    ok(await progress.batchSummary(db, request.user!, request.query.batchId), Msg.ok, 200),
  );
  r.get(ClaimPath.batchOptions, { config: { permission: ClaimPerm.add }, schema: { tags, summary: '可报销的本机构批次（维权中或已结案且有冻结金额）' } }, async (request) =>
    ok(await progress.batchOptions(db, request.user!), Msg.ok, 200),
  );
  r.get(ClaimPath.bankOptions, { config: { permission: ClaimPerm.add }, schema: { tags, summary: '本机构已审核通过的收款账户' } }, async (request) => ok(await progress.bankOptions(db, request.user!), Msg.ok, 200));

  r.get(
    ClaimPath.paymentList,
    { config: { permission: PaymentPerm.list }, schema: { tags: payTags, summary: '付款管理列表（默认待付款、付款失败、已付款）', querystring: listQuerySchema(service.claimWhitelist) } },
    async (request) => {
      const query = request.query as Record<string, unknown>;
      const extra = query.status ? [] : [inArray(finClaim.status, [...CLAIM_PAYABLE_STATUSES, ClaimStatus.paid])];
      return ok(await service.listClaims(db, dicts, request.user!, query, extra), Msg.ok, 200);
    },
  );
  r.get(ClaimPath.paymentRecords, { config: { permission: ClaimPerm.list }, schema: { tags: payTags, summary: '报销单的付款记录（最新的在前）', querystring: claimIdQuery } }, async (request) =>
    ok(await payment.paymentRecords(db, request.user!, request.query.claimId), Msg.ok, 200),
  );
  r.post(
    ClaimPath.pay,
    {
      config: { permission: PaymentPerm.pay },
      schema: {
        tags: payTags,
        summary: '付款（一张或多张；多张在一个事务中全部成功或全部不付）',
        description: '从批次冻结金额中扣减核定金额并写资金池日志；付款流水号唯一，多张时为「流水号-序号」；以同一流水号重试已付款的报销单不会重复扣减。',
        body: claimPayBody,
      },
    },
    async (request) => {
      const ids = await payment.payClaims(db, sockets, request.user!, request.body);
      pingMonitor(deps.sockets);
      const records = await Promise.all(ids.map((id) => service.claimById(db, dicts, request.user!, id)));
      return ok(records, ids.length > 1 ? ClaimMsg.paidBatch(ids.length) : ClaimMsg.paid, 200);
    },
  );
  r.post(ClaimPath.payFailed, { config: { permission: PaymentPerm.fail }, schema: { tags: payTags, summary: '登记付款失败（不变动资金）', body: claimPayFailedBody } }, async (request) => {
    await payment.payFailed(db, sockets, request.user!, request.body);
    return ok(await service.claimById(db, dicts, request.user!, request.body.id), ClaimMsg.payFailed, 200);
  });
  r.get(ClaimPath.payRunExport, { config: { permission: PaymentPerm.export }, schema: { tags: payTags, summary: '导出付款清单（收款户名、开户行、账号、金额、用途）', querystring: idsQuery } }, async (request, reply) =>
    sendExcel(reply, await payment.exportPayRun(db, splitIds(request.query.ids))),
  );

  r.post(AgencyStatsPath.list, { config: { signedIn: true }, schema: { tags: ['统计'], summary: '机构申请排行（日期范围、分页；机构用户只看本机构）', body: agencyApplyStatisticsBody } }, async (request) =>
    ok(await progress.agencyApplyStatistics(db, request.user!, request.body), Msg.querySuccess, 200),
  );
}
