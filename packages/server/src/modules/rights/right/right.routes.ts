import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EXPIRY_FLAGS, idsBody, rightBody, RightsMsg } from '@sbwq/contracts';
import { BizError, ok } from '../../../platform/http/envelope.ts';
import { XLSX_TYPE } from '../../../platform/excel/excel.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { RightsPerm } from '../shared/perms.ts';
import { listQuerySchema } from '../../../platform/list/list-schema.ts';
import { registerRecordRoutes } from '../shared/record-routes.ts';
import { splitIds } from '../../../platform/http/ids.ts';
import * as service from './right.service.ts';
import { exportRights, importRights } from './right.excel.ts';

const tags = ['受保护权利'];
const listQuery = listQuerySchema(service.rightResource, {
  expiryFlag: z.enum(EXPIRY_FLAGS, { error: `expiryFlag 只能是 ${EXPIRY_FLAGS.join('、')}` }).optional().describe('到期标记：expiringSoon 即将到期、inGracePeriod 宽展期、expired 已过期、authExpired 授权过期'),
  selections: z.string().max(40_000).optional().describe('只取这些ID（逗号分隔；导出选中的记录）'),
});

/** 受保护权利 (DOMAIN.md protected-rights record). */
export async function rightRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, dicts } = deps;

  registerRecordRoutes(app, deps, {
    basePath: '/rights/right',
    tags,
    perm: { list: RightsPerm.rightList, add: RightsPerm.rightAdd, edit: RightsPerm.rightEdit, delete: RightsPerm.rightDelete, approve: RightsPerm.rightApprove },
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
      deleteBatch: { summary: '批量删除受保护权利' },
      approve: { summary: '审核受保护权利（待审核 → 已通过 | 已驳回）', description: '驳回须填写 opinion；同时写入审批记录；不能审批自己提交的记录。' },
    },
    listQuery,
    body: rightBody,
    service: { list: service.listRights, byId: service.rightById, add: service.addRight, edit: service.editRight, remove: service.deleteRights, approve: service.approveRight },
    messages: { approved: RightsMsg.rightApproved, rejected: RightsMsg.rightRejected },
  });

  r.post(
    '/rights/right/submit',
    { config: { permission: RightsPerm.rightEdit }, schema: { tags, summary: '提交审核（草稿/已驳回 → 待审核）', description: 'ids 为逗号分隔的记录ID；任一条不可提交则全部不提交。', body: idsBody } },
    async (request) => {
      await service.submitRights(db, request.user!, splitIds(request.body.ids, '请选择记录'));
      return ok(null, RightsMsg.rightSubmitted, 200);
    },
  );

  r.get(
    '/rights/right/exportXls',
    { config: { permission: RightsPerm.rightExport }, schema: { tags, summary: '导出受保护权利（当前筛选条件；selections 为选中的ID）', querystring: listQuery } },
    async (request, reply) => {
      const records = [];
      for (let pageNo = 1; pageNo <= 10; pageNo++) {
        const page = await service.listRights(db, dicts, request.user!, { ...request.query, pageNo: String(pageNo), pageSize: '1000' });
        records.push(...page.records);
        if (pageNo >= page.pages) break;
      }
      const file = await exportRights(records);
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-disposition', `attachment; filename="rights.xlsx"; filename*=UTF-8''${encodeURIComponent('受保护权利.xlsx')}`)
        .send(file);
    },
  );

  r.post(
    '/rights/right/importExcel',
    {
      config: { permission: RightsPerm.rightImport },
      schema: {
        tags,
        summary: '导入受保护权利（.xlsx，导入为草稿）',
        description: '必填列：商标名称、注册号、国际分类、注册人、注册日期；可选：核定商品/服务、商标类型、注册人地址、法律状态、授权机构、授权开始日期、授权期限、备注。有错误的行被跳过并逐行报告（code 201）。',
      },
    },
    async (request) => {
      const file = await request.file();
      if (!file) throw new BizError('请上传 Excel 文件');
      if (!/\.xlsx$/i.test(file.filename)) throw new BizError('只支持 .xlsx 格式的 Excel 文件');
      const buffer = await file.toBuffer();
      const report = await importRights(db, request.user!, buffer, await dicts.allItems());
      return report.errorCount ? ok(report, '文件导入成功，但有错误。', 201) : ok(report, report.msg, 200);
    },
  );
}
