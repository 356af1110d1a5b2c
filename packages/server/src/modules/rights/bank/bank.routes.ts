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
    service: service.resource,
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
