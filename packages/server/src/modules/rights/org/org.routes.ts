import type { FastifyInstance } from 'fastify';
import { Msg, orgCertifyFlow, orgFlow, orgResource, RightsMsg } from '@sbwq/contracts';
import type { AppDeps } from '../../../platform/deps.ts';
import { answer, registerFlow } from '../../../platform/flow/flow-routes.ts';
import { registerResource } from '../../../platform/resource/resource-routes.ts';
import * as service from './org.service.ts';

const tags = ['机构入驻与认证'];

/** 机构入驻 and 认证 (DOMAIN.md organisation; enrolment and certification flows). */
export async function orgRoutes(app: FastifyInstance, deps: AppDeps) {
  registerFlow(app, deps, orgFlow, {
    tags,
    handlers: {
      status: (c) => service.statusOf(c.db, c.deps.dicts, c.user),
      mine: (c) => service.mine(c.db, c.deps.dicts, c.user),
      saveEnrol: (c, body) => service.saveEnrol(c.db, c.user, body, false),
      submitEnrol: (c, body) => service.saveEnrol(c.db, c.user, body, true),
      approveEnrol: async (c, body) => {
        await service.approveEnrol(c.db, c.deps.dicts, c.deps.sockets, c.user, body);
        return answer(null, body.result === 'pass' ? RightsMsg.enrolApproved : RightsMsg.enrolRejected);
      },
      disable: (c, body) => service.setOrgDisabled(c.db, c.user, body.id, 'disable', body.reason).then(() => null),
      enable: (c, body) => service.setOrgDisabled(c.db, c.user, body.id, 'enable', body.reason).then(() => null),
    },
    docs: {
      status: {
        description:
          'nextStep：none（协会工作人员）、enrol（填写/修改并提交入驻申请）、waitEnrol（入驻审核中）、certify（提交认证材料）、waitCertify（认证审核中）、disabled（已停用）、done（已完成）。allowed 为 false 时只能使用机构入驻与认证两个页面；其他维权接口以 code 403 拒绝。',
      },
      saveEnrol: { description: '只有机构名称必填；其余字段提供时按提交时的规则校验，空字符串清空该字段。仅未提交或已驳回时可保存。result 为机构ID。' },
      submitEnrol: { description: '表单全部字段按规则校验（统一社会信用代码校验位、营业执照必传、文件须为本机构上传）。result 为机构ID。' },
      approveEnrol: {
        description: 'result：pass 或 reject；驳回须填写 opinion。通过后机构成为部门，提交人移入该部门。同时写入审批记录；不能审批自己提交的申请。',
      },
    },
  });

  registerFlow(app, deps, orgCertifyFlow, {
    tags,
    handlers: {
      submitCertify: (c, body) => service.submitCertify(c.db, c.user, body).then(() => null),
      approveCertify: async (c, body) => {
        await service.approveCertify(c.db, c.deps.dicts, c.deps.sockets, c.user, body);
        return answer(null, body.result === 'pass' ? RightsMsg.certifyPassed : RightsMsg.certifyFailed);
      },
    },
    docs: {
      submitCertify: { description: '执业许可证与备案证明文件至少一项；商标代理机构须有商标代理备案号。' },
      approveCertify: { description: 'result：pass 或 reject；不通过须填写 opinion（原因）。同时写入审批记录；不能审批自己提交的认证。' },
    },
  });

  registerResource(app, deps, orgResource, {
    tags,
    listResource: service.orgWhitelist,
    service: service.resource,
    messages: { added: RightsMsg.added, edited: RightsMsg.edited, deleted: RightsMsg.deleted, queried: Msg.ok },
  });
}
