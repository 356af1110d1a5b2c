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
    docs: {
      list: {
        summary: '受保护权利列表',
        description:
          '筛选：trademarkName（*模糊*）、regNo、niceClass、registrant、legalStatus、trademarkType、auditStatus、authOrg、orgId、regDate/expireDate/authEndDate 的 _begin/_end，expiryFlag（expiringSoon 即将到期、inGracePeriod 宽展期、expired 已过期、authExpired 授权过期）。每条记录带 expireDate（专用权期限止）与派生标记 expiringSoon/inGracePeriod/expired/authExpired/flagTexts。机构用户只见本机构记录。',
      },
      queryById: { summary: '按ID查询受保护权利（详情）' },
      add: { summary: '新增受保护权利（草稿）', description: '专用权期限由注册日期计算（十年，止于前一日）。result 为记录ID。' },
      edit: { summary: '编辑受保护权利（仅草稿或已驳回）' },
      delete: { summary: '删除受保护权利（仅草稿或已驳回）' },
      importExcel: {
        summary: '导入受保护权利（.xlsx，导入为草稿）',
        description:
          '必填列：商标名称、注册号、国际分类、注册人、注册日期；可选：核定商品/服务、商标类型、注册人地址、法律状态、授权机构、授权开始日期、授权期限、备注。有错误的行被跳过并逐行报告（code 201）。',
      },
    },
    service: {
      list: (c, query) => service.listRights(c.db, c.deps.dicts, c.user, query),
      byId: (c, id) => service.rightById(c.db, c.deps.dicts, c.user, id),
      add: (c, body) => service.addRight(c.db, c.user, body),
      edit: (c, body) => service.editRight(c.db, c.user, body),
      remove: (c, ids) => service.deleteRights(c.db, c.user, ids),
      exportXls: (c, query) => exportRights(c.db, c.deps.dicts, c.user, query),
      importExcel: async (c, file) => importRights(c.db, c.user, file, await c.deps.dicts.allItems()),
      importTemplate: () => rightImportTemplate(),
    },
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
