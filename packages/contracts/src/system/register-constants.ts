import { RightsOrgType } from '../rights/org-type.ts';

// No zod here: 注册 and 找回密码 import these words and patterns without the register schemas (issue 35).

export const RegisterMsg = {
  usernameRequired: '请输入账号',
  usernameFormat: '账号为4-30位字母、数字或下划线，以字母开头',
  usernameTaken: '用户名已注册',
  phoneTaken: '该手机号已注册',
  orgNameTaken: '该机构名称已注册，如为本机构，请使用已注册的账号登录或联系协会',
  orgNameRequired: '请输入机构名称',
  orgTypeRequired: '请选择机构类型',
  registered: '注册成功',
  accountConfirmed: '账号已确认，请验证手机',
  phoneVerified: '手机验证通过，请设置新密码',
  passwordReset: '密码重置完成！',
} as const;

/** the organisation types a contact may register as (the 入驻 form's types) */
export const REGISTER_ORG_TYPES = [
  RightsOrgType.agency,
  RightsOrgType.lawFirm,
  RightsOrgType.ipService,
  RightsOrgType.brandStation,
  RightsOrgType.holder,
] as const;

export const REGISTER_USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{3,29}$/;

/** the labels of dictionary rights_org_type, for the register page (no dictionary before signing in) */
export const REGISTER_ORG_TYPE_TEXT: Record<(typeof REGISTER_ORG_TYPES)[number], string> = {
  [RightsOrgType.agency]: '商标代理机构',
  [RightsOrgType.lawFirm]: '律师事务所',
  [RightsOrgType.ipService]: '知识产权服务机构',
  [RightsOrgType.brandStation]: '商标品牌指导站',
  [RightsOrgType.holder]: '权利人企业',
};
