import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { EXPIRY_FLAGS, Msg, rightFlow, rightResource, RightsMsg } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { answer, registerFlow } from '../../../platform/flow/flow-routes.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import { splitIds } from '../../../platform/http/ids.ts';
import * as service from './right.service.ts';
import { exportRights, importRights, rightImportTemplate } from './right.excel.ts';

const tags = ['受保护权利'];

/** 受保护权利 (DOMAIN.md protected-rights record). */
export async function rightRoutes(app: FastifyInstance, deps: AppDeps) {
  registerResource(app, deps, rightResource, {
    tags,
    listResource: service.rightWhitelist,
    listExtra: {
      expiryFlag: z
        .enum(EXPIRY_FLAGS, { error: `expiryFlag 只能是 ${EXPIRY_FLAGS.join('、')}` })
        .optional()
        .describe('到期标记：expiringSoon 即将到期、inGracePeriod 宽展期、expired 已过期、authExpired 授权过期'),
      selections: z.string().max(40_000).optional().describe('只取这些ID（逗号分隔；导出选中的记录）'),
    },
    service: { ...service.resource, exportXls: exportRights, importExcel: importRights, importTemplate: rightImportTemplate },
    messages: { added: RightsMsg.added, edited: RightsMsg.edited, deleted: RightsMsg.deleted, batchDeleted: RightsMsg.batchDeleted, queried: Msg.ok },
  });

  registerFlow(app, deps, rightFlow, {
    tags,
    handlers: {
      submit: (c, body) => service.submitRights(c.db, c.user, splitIds(body.ids, '请选择记录')).then(() => null),
      withdraw: (c, body) => service.withdrawRight(c.db, c.user, body.id).then(() => null),
      approve: async (c, body) => {
        await service.approveRight(c.db, c.deps.sockets, c.user, body);
        return answer(null, body.result === 'pass' ? RightsMsg.rightApproved : RightsMsg.rightRejected);
      },
    },
    docs: {
      submit: { description: 'ids 为逗号分隔的记录ID；任一条不可提交则全部不提交。' },
      approve: { description: '驳回须填写 opinion；同时写入审批记录；不能审批自己提交的记录。' },
    },
  });
}
