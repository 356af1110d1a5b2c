import type { OrgStatusInfo } from '@sbwq/contracts';

export const ENTER_ORGANISATION_PATH = '/dashboard/enter-organisation';
export const CERTIFICATION_PATH = '/dashboard/certification';

export const ORG_STEPS = ['填写入驻申请', '入驻审核', '提交认证材料', '认证审核', '完成'] as const;

export type OrgProgressView = {
  steps: readonly string[];
  current: number;
  stepStatus: 'wait' | 'process' | 'finish' | 'error';
  alert: 'info' | 'success' | 'warning' | 'error';
};

/**
 * The progress an organisation user sees (DOMAIN.md flows): enrol 未提交 → 待审核 → 已入驻 | 已驳回,
 * then certify 未认证 → 认证中 → 已认证 | 认证失败. A rejection puts the user back on the step to redo,
 * marked as failed, with the reviewer's opinion beside it.
 */
export function progressOf(status: OrgStatusInfo): OrgProgressView {
  const rejected = status.opinion !== null && status.opinion !== undefined && status.opinion !== '';
  switch (status.nextStep) {
    case 'enrol':
      return {
        steps: ORG_STEPS,
        current: 0,
        stepStatus: rejected || status.enterStatus === '3' ? 'error' : 'process',
        alert: status.enterStatus === '3' ? 'error' : 'info',
      };
    case 'waitEnrol':
      return { steps: ORG_STEPS, current: 1, stepStatus: 'process', alert: 'info' };
    case 'certify':
      return {
        steps: ORG_STEPS,
        current: 2,
        stepStatus: status.certifyStatus === '3' ? 'error' : 'process',
        alert: status.certifyStatus === '3' ? 'error' : 'info',
      };
    case 'waitCertify':
      return { steps: ORG_STEPS, current: 3, stepStatus: 'process', alert: 'info' };
    case 'done':
      return { steps: ORG_STEPS, current: 4, stepStatus: 'finish', alert: 'success' };
    case 'disabled':
      return { steps: ORG_STEPS, current: 4, stepStatus: 'error', alert: 'warning' };
    default:
      return { steps: ORG_STEPS, current: 0, stepStatus: 'wait', alert: 'info' };
  }
}
