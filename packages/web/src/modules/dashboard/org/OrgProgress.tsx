import { HOME_PATH, type OrgStatusInfo } from '@sbwq/contracts';
import { Alert, Button, Card, Steps, type StepsProps } from 'antd';
import { loadPage } from '../../../platform/browser.ts';
import { NextStepButton } from './NextStepButton.tsx';
import { CERTIFICATION_PATH, ENTER_ORGANISATION_PATH, progressOf } from './orgSteps.ts';

type OrgProgressProps = {
  status: OrgStatusInfo;
  /** the page showing it, so that it offers the other page's step as the action */
  page: 'enter' | 'certify';
};

/**
 * Where the organisation stands in 入驻 → 审核 → 认证 → 审核 → 完成, the next step in words, the
 * reviewer's reasons after a rejection, and the button that leads to the next step.
 */
export function OrgProgress({ status, page }: OrgProgressProps) {
  const progress = progressOf(status);
  const items: StepsProps['items'] = progress.steps.map((title) => ({ title }));

  let action = null;
  if (status.nextStep === 'done') {
    // The menu was built before certification: a fresh load brings the rights screens.
    action = (
      <Button type="primary" onClick={() => loadPage(HOME_PATH)}>
        进入系统
      </Button>
    );
  } else if (page === 'enter' && (status.nextStep === 'certify' || status.nextStep === 'waitCertify')) {
    action = <NextStepButton to={CERTIFICATION_PATH} text={status.nextStep === 'certify' ? '去认证' : '查看认证'} />;
  } else if (page === 'certify' && (status.nextStep === 'enrol' || status.nextStep === 'waitEnrol')) {
    action = <NextStepButton to={ENTER_ORGANISATION_PATH} text={status.nextStep === 'enrol' ? '去填写入驻申请' : '查看入驻申请'} />;
  }

  return (
    <Card className="org-progress">
      <Steps current={progress.current} status={progress.stepStatus} items={items} responsive size="small" style={{ marginBottom: 16 }} />
      <Alert
        type={progress.alert}
        showIcon
        title={
          <span>
            {status.orgName ? `${status.orgName}：` : ''}
            {status.nextStepText}
          </span>
        }
        description={status.opinion ? `审核意见：${status.opinion}` : undefined}
        action={action}
      />
    </Card>
  );
}
