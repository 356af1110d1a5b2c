import { z } from 'zod';
import { defineFlow } from '../flow.ts';
import { ApprovalBizType, ApprovalNode, approveAction, CertifyStatus, EnterStatus, RightsMsg } from './common.ts';
import {
  orgCertifyBody,
  orgEnrolBody,
  orgEnrolDraftBody,
  OrgPerm,
  orgRecordSchema,
  orgResource,
  orgStatusBody,
  orgStatusInfoSchema,
  type OrgRecord,
} from './org.ts';

type EnterStatusValue = (typeof EnterStatus)[keyof typeof EnterStatus];
type CertifyStatusValue = (typeof CertifyStatus)[keyof typeof CertifyStatus];

const ENROL_EDITABLE = [EnterStatus.draft, EnterStatus.rejected] as const;

/**
 * DOMAIN.md organisation enrolment: the applicant saves and submits the form while 未提交 or 已驳回
 * (`enrolEditable` says it on the record); the reviewer decides 待审核 → 已入驻 | 已驳回; the
 * administrator disables an enrolled organisation and enables it again (已入驻 ⇄ 已停用). The two
 * status pages ask where the caller stands.
 */
export const orgFlow = defineFlow<OrgRecord, EnterStatusValue>()({
  basePath: orgResource.basePath,
  stateField: 'enterStatus',
  initial: EnterStatus.draft,
  actions: {
    status: {
      path: 'status',
      method: 'GET',
      signedIn: true,
      onboarding: true,
      reply: orgStatusInfoSchema,
      summary: '本人机构的入驻与认证状态及下一步',
    },
    mine: {
      path: 'mine',
      method: 'GET',
      permission: OrgPerm.enrol,
      onboarding: true,
      reply: orgRecordSchema.nullable(),
      summary: '本人机构的入驻信息（尚未填写时 result 为 null）',
    },
    saveEnrol: {
      path: 'saveEnrol',
      permission: OrgPerm.enrol,
      onboarding: true,
      body: orgEnrolDraftBody,
      reply: z.string(),
      done: RightsMsg.saved,
      summary: '保存入驻申请（草稿）',
      from: ENROL_EDITABLE,
      refusal: RightsMsg.enrolNotEditable,
      who: 'owner',
    },
    submitEnrol: {
      path: 'submitEnrol',
      permission: OrgPerm.enrol,
      onboarding: true,
      body: orgEnrolBody,
      reply: z.string(),
      done: RightsMsg.enrolSubmitted,
      summary: '提交入驻申请（未提交/已驳回 → 待审核）',
      from: ENROL_EDITABLE,
      to: EnterStatus.pending,
      refusal: RightsMsg.enrolNotEditable,
      who: 'owner',
    },
    approveEnrol: approveAction({
      path: 'approveEnrol',
      permission: OrgPerm.approve,
      summary: '审批入驻申请（待审核 → 已入驻 | 已驳回）',
      from: [EnterStatus.pending],
      to: { pass: EnterStatus.enrolled, reject: EnterStatus.rejected },
      refusal: RightsMsg.enrolNotPending,
      label: '审批',
      decision: { bizType: ApprovalBizType.enrol, node: ApprovalNode.first },
    }),
    disable: {
      path: 'disable',
      permission: OrgPerm.status,
      body: orgStatusBody,
      reply: z.null(),
      done: RightsMsg.disabled,
      summary: '停用机构（已入驻 → 已停用）',
      from: [EnterStatus.enrolled],
      to: EnterStatus.disabled,
      refusal: RightsMsg.disableNotAllowed,
      who: 'staff',
      label: '停用',
      inline: true,
      tone: 'danger',
      input: (org) => ({ id: org.id }),
      confirm: (org) => `确定停用「${org.orgName}」吗？停用后该机构的用户只能访问入驻与认证页面。`,
    },
    enable: {
      path: 'enable',
      permission: OrgPerm.status,
      body: orgStatusBody,
      reply: z.null(),
      done: RightsMsg.enabled,
      summary: '启用机构（已停用 → 已入驻）',
      from: [EnterStatus.disabled],
      to: EnterStatus.enrolled,
      refusal: RightsMsg.enableNotAllowed,
      who: 'staff',
      label: '启用',
      inline: true,
      input: (org) => ({ id: org.id }),
      confirm: (org) => `确定重新启用「${org.orgName}」吗？`,
    },
  },
});

/**
 * DOMAIN.md certification, on the organisation's second state: an enrolled organisation hands in its
 * documents while 未认证 or 认证失败 (`certifyEditable`); the reviewer decides 认证中 → 已认证 | 认证失败.
 */
export const orgCertifyFlow = defineFlow<OrgRecord, CertifyStatusValue>()({
  basePath: orgResource.basePath,
  stateField: 'certifyStatus',
  initial: CertifyStatus.none,
  actions: {
    submitCertify: {
      path: 'submitCertify',
      permission: OrgPerm.enrol,
      onboarding: true,
      body: orgCertifyBody,
      reply: z.null(),
      done: RightsMsg.certifySubmitted,
      summary: '提交认证材料（已入驻且未认证/认证失败 → 认证中）',
      from: [CertifyStatus.none, CertifyStatus.failed],
      to: CertifyStatus.pending,
      refusal: RightsMsg.certifyNotEditable,
      who: 'owner',
    },
    approveCertify: approveAction({
      path: 'approveCertify',
      permission: OrgPerm.approve,
      summary: '审批认证（认证中 → 已认证 | 认证失败）',
      from: [CertifyStatus.pending],
      to: { pass: CertifyStatus.certified, reject: CertifyStatus.failed },
      refusal: RightsMsg.certifyNotPending,
      label: '审批',
      decision: { bizType: ApprovalBizType.certify, node: ApprovalNode.first },
    }),
  },
});
