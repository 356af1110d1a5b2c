import type { FastifyInstance } from 'fastify';
import { bankFlow, bankResource, Msg, RightsMsg } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { answer, registerFlow } from '../../../platform/flow/flow-routes.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import * as service from './bank.service.ts';

const tags = ['机构银行账户'];

/** 机构银行账户 (DOMAIN.md bank account). */
export async function bankRoutes(app: FastifyInstance, deps: AppDeps) {
  registerResource(app, deps, bankResource, {
    tags,
    listResource: service.bankWhitelist,
    docs: {
      list: {
        summary: '银行账户列表',
        description:
          '机构用户只见本机构账户；财务与协会工作人员见全部。银行账号仅对财务与本机构完整显示（accountNoVisible），其他人看到 6222 **** **** 1234 形式。筛选：orgId、accountName、bankName、accountNature、isDefault、status、auditStatus。',
      },
      queryById: { summary: '按ID查询银行账户' },
      add: { summary: '新增银行账户（待财务审核）', description: '本机构第一个账户自动设为默认；isDefault=1 时取代原默认账户。result 为账户ID。' },
      edit: { summary: '编辑银行账户（仅待审核或已驳回；编辑后重新待审核）' },
    },
    service: {
      list: (c, query) => service.listBanks(c.db, c.deps.dicts, c.user, query),
      byId: (c, id) => service.bankById(c.db, c.deps.dicts, c.user, id),
      add: (c, body) => service.addBank(c.db, c.user, body),
      edit: (c, body) => service.editBank(c.db, c.user, body),
      remove: (c, ids) => service.deleteBanks(c.db, c.user, ids),
    },
    messages: { added: RightsMsg.added, edited: RightsMsg.edited, deleted: RightsMsg.deleted, batchDeleted: RightsMsg.batchDeleted, queried: Msg.ok },
  });

  registerFlow(app, deps, bankFlow, {
    tags,
    handlers: {
      approve: async (c, body) => {
        await service.approveBank(c.db, c.deps.sockets, c.user, body);
        return answer(null, body.result === 'pass' ? RightsMsg.bankApproved : RightsMsg.bankRejected);
      },
      setDefault: (c, body) => service.setDefaultBank(c.db, c.user, body.id).then(() => null),
      changeStatus: (c, body) => service.setBankStatus(c.db, c.user, body.id, body.status).then(() => null),
    },
    docs: { approve: { description: '驳回须填写 opinion；同时写入审批记录（节点：财务审核）；不能审批自己提交的账户。' } },
  });
}
