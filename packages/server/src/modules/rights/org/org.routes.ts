import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { approveBody, Msg, orgCertifyBody, orgEnrolBody, orgEnrolDraftBody, OrgPerm, orgResource, orgStatusBody, RightsMsg } from '@sbwq/contracts';
import { ok } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import * as service from './org.service.ts';

const tags = ['机构入驻与认证'];

/** 机构入驻 and 认证 (DOMAIN.md organisation; enrolment and certification flows). */
export async function orgRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, dicts } = deps;

  r.get(
    '/rights/org/status',
    {
      config: { signedIn: true },
      schema: {
        tags,
        summary: '本人机构的入驻与认证状态及下一步',
        description:
          'nextStep：none（协会工作人员）、enrol（填写/修改并提交入驻申请）、waitEnrol（入驻审核中）、certify（提交认证材料）、waitCertify（认证审核中）、disabled（已停用）、done（已完成）。allowed 为 false 时只能使用机构入驻与认证两个页面；其他维权接口以 code 403 拒绝。',
      },
    },
    async (request) => ok(await service.statusOf(db, dicts, request.user!), Msg.ok, 200),
  );

  r.get(
    '/rights/org/mine',
    { config: { permission: OrgPerm.enrol }, schema: { tags, summary: '本人机构的入驻信息（尚未填写时 result 为 null）' } },
    async (request) => ok(await service.mine(db, dicts, request.user!), Msg.ok, 200),
  );

  r.post(
    '/rights/org/saveEnrol',
    {
      config: { permission: OrgPerm.enrol },
      schema: {
        tags,
        summary: '保存入驻申请（草稿）',
        description: '只有机构名称必填；其余字段提供时按提交时的规则校验，空字符串清空该字段。仅未提交或已驳回时可保存。result 为机构ID。',
        body: orgEnrolDraftBody,
      },
    },
    async (request) => ok(await service.saveEnrol(db, request.user!, request.body, false), RightsMsg.saved, 200),
  );

  r.post(
    '/rights/org/submitEnrol',
    {
      config: { permission: OrgPerm.enrol },
      schema: {
        tags,
        summary: '提交入驻申请（未提交/已驳回 → 待审核）',
        description: '表单全部字段按规则校验（统一社会信用代码校验位、营业执照必传、文件须为本机构上传）。result 为机构ID。',
        body: orgEnrolBody,
      },
    },
    async (request) => ok(await service.saveEnrol(db, request.user!, request.body, true), RightsMsg.enrolSubmitted, 200),
  );

  r.post(
    '/rights/org/submitCertify',
    {
      config: { permission: OrgPerm.enrol },
      schema: {
        tags,
        summary: '提交认证材料（已入驻且未认证/认证失败 → 认证中）',
        description: '执业许可证与备案证明文件至少一项；商标代理机构须有商标代理备案号。',
        body: orgCertifyBody,
      },
    },
    async (request) => {
      await service.submitCertify(db, request.user!, request.body);
      return ok(null, RightsMsg.certifySubmitted, 200);
    },
  );

  registerResource(app, deps, orgResource, {
    tags,
    listResource: service.orgWhitelist,
    docs: {
      list: {
        summary: '机构列表（协会工作人员）',
        description: '筛选：orgName、orgType、creditCode、legalPerson、contactName、region、enterStatus、certifyStatus、sysOrgCode、createTime_begin/_end；遵循 JeecgBoot 查询约定。',
      },
      queryById: { summary: '按ID查询机构' },
    },
    service: {
      list: (c, query) => service.listOrgs(c.db, c.deps.dicts, c.user, query),
      byId: (c, id) => service.orgById(c.db, c.deps.dicts, c.user, id),
    },
    messages: { added: RightsMsg.added, edited: RightsMsg.edited, deleted: RightsMsg.deleted, queried: Msg.ok },
  });

  r.post(
    '/rights/org/approveEnrol',
    {
      config: { permission: OrgPerm.approve },
      schema: {
        tags,
        summary: '审批入驻申请（待审核 → 已入驻 | 已驳回）',
        description: 'result：pass 或 reject；驳回须填写 opinion。通过后机构成为部门，提交人移入该部门。同时写入审批记录；不能审批自己提交的申请。',
        body: approveBody,
      },
    },
    async (request) => {
      await service.approveEnrol(db, dicts, deps.sockets, request.user!, request.body);
      return ok(null, request.body.result === 'pass' ? RightsMsg.enrolApproved : RightsMsg.enrolRejected, 200);
    },
  );

  r.post(
    '/rights/org/approveCertify',
    {
      config: { permission: OrgPerm.approve },
      schema: {
        tags,
        summary: '审批认证（认证中 → 已认证 | 认证失败）',
        description: 'result：pass 或 reject；不通过须填写 opinion（原因）。同时写入审批记录；不能审批自己提交的认证。',
        body: approveBody,
      },
    },
    async (request) => {
      await service.approveCertify(db, dicts, deps.sockets, request.user!, request.body);
      return ok(null, request.body.result === 'pass' ? RightsMsg.certifyPassed : RightsMsg.certifyFailed, 200);
    },
  );

  r.post(
    '/rights/org/disable',
    { config: { permission: OrgPerm.status }, schema: { tags, summary: '停用机构（已入驻 → 已停用）', body: orgStatusBody } },
    async (request) => {
      await service.setOrgDisabled(db, request.user!, request.body.id, true, request.body.reason);
      return ok(null, RightsMsg.disabled, 200);
    },
  );

  r.post(
    '/rights/org/enable',
    { config: { permission: OrgPerm.status }, schema: { tags, summary: '启用机构（已停用 → 已入驻）', body: orgStatusBody } },
    async (request) => {
      await service.setOrgDisabled(db, request.user!, request.body.id, false, request.body.reason);
      return ok(null, RightsMsg.enabled, 200);
    },
  );
}
