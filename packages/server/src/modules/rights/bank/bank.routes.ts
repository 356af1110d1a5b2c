import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { approveBody, bankAccountBody, bankStatusBody, idBody, Msg, RightsMsg } from '@sbwq/contracts';
import { BizError, ok } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../app.ts';
import { RightsPerm } from '../shared/perms.ts';
import { idList } from '../shared/records.ts';
import * as service from './bank.service.ts';

const tags = ['机构银行账户'];
const listQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
const idQuery = z.object({ id: z.string({ error: '缺少ID' }).min(1, '缺少ID').max(36) });
const idsQuery = z.object({ ids: z.string({ error: '请选择记录' }).min(1, '请选择记录').max(40_000) });

/** 机构银行账户 (DOMAIN.md bank account). */
export async function bankRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, dicts } = deps;

  r.get(
    '/rights/bank/list',
    {
      config: { permission: RightsPerm.bankList },
      schema: {
        tags,
        summary: '银行账户列表',
        description: '机构用户只见本机构账户；财务与协会工作人员见全部。银行账号仅对财务与本机构完整显示（accountNoVisible），其他人看到 6222 **** **** 1234 形式。筛选：orgId、accountName、bankName、accountNature、isDefault、status、auditStatus。',
        querystring: listQuery,
      },
    },
    async (request) => ok(await service.listBanks(db, dicts, request.user!, request.query), Msg.ok, 200),
  );

  r.get(
    '/rights/bank/queryById',
    { config: { permission: RightsPerm.bankList }, schema: { tags, summary: '按ID查询银行账户', querystring: idQuery } },
    async (request) => ok(await service.bankById(db, dicts, request.user!, request.query.id), Msg.ok, 200),
  );

  r.post(
    '/rights/bank/add',
    {
      config: { permission: RightsPerm.bankAdd },
      schema: { tags, summary: '新增银行账户（待财务审核）', description: '本机构第一个账户自动设为默认；isDefault=1 时取代原默认账户。result 为账户ID。', body: bankAccountBody },
    },
    async (request) => ok(await service.addBank(db, request.user!, request.body), RightsMsg.added, 200),
  );

  r.route({
    method: ['PUT', 'POST'],
    url: '/rights/bank/edit',
    config: { permission: RightsPerm.bankEdit },
    schema: { tags, summary: '编辑银行账户（仅待审核或已驳回；编辑后重新待审核）', body: bankAccountBody },
    handler: async (request) => {
      await service.editBank(db, request.user!, request.body);
      return ok(null, RightsMsg.edited, 200);
    },
  });

  r.delete(
    '/rights/bank/delete',
    { config: { permission: RightsPerm.bankDelete }, schema: { tags, summary: '删除银行账户', querystring: idQuery } },
    async (request) => {
      await service.deleteBanks(db, request.user!, [request.query.id]);
      return ok(null, RightsMsg.deleted, 200);
    },
  );

  r.delete(
    '/rights/bank/deleteBatch',
    { config: { permission: RightsPerm.bankDelete }, schema: { tags, summary: '批量删除银行账户', querystring: idsQuery } },
    async (request) => {
      const ids = idList(request.query.ids);
      if (!ids.length) throw new BizError('请选择记录');
      await service.deleteBanks(db, request.user!, ids);
      return ok(null, RightsMsg.batchDeleted, 200);
    },
  );

  r.post(
    '/rights/bank/setDefault',
    { config: { permission: RightsPerm.bankEdit }, schema: { tags, summary: '设为默认账户', body: idBody } },
    async (request) => {
      await service.setDefaultBank(db, request.user!, request.body.id);
      return ok(null, Msg.ok, 200);
    },
  );

  r.post(
    '/rights/bank/changeStatus',
    { config: { permission: RightsPerm.bankEdit }, schema: { tags, summary: '启用/停用银行账户（status 1 有效，0 无效）', body: bankStatusBody } },
    async (request) => {
      await service.setBankStatus(db, request.user!, request.body.id, request.body.status);
      return ok(null, Msg.ok, 200);
    },
  );

  r.post(
    '/rights/bank/approve',
    {
      config: { permission: RightsPerm.bankApprove },
      schema: { tags, summary: '财务审核银行账户（待审核 → 已通过 | 已驳回）', description: '驳回须填写 opinion；同时写入审批记录（节点：财务审核）；不能审批自己提交的账户。', body: approveBody },
    },
    async (request) => {
      await service.approveBank(db, request.user!, request.body);
      return ok(null, request.body.result === 'pass' ? RightsMsg.bankApproved : RightsMsg.bankRejected, 200);
    },
  );
}
