import { Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ORG_STATUS_KEY, orgApi } from '../../core/org/org.api.ts';
import { NextStepButton } from './NextStepButton.tsx';
import { CERTIFICATION_PATH, ENTER_ORGANISATION_PATH } from './orgSteps.ts';

/**
 * On the home page, an organisation user whose organisation is not yet enrolled and certified is told
 * the next step and taken to its page (the menu offers nothing else until then). Staff and finished
 * organisations see nothing; a failed lookup shows nothing either — the home page stays usable.
 */
export function OrgStatusNotice() {
  const status = useQuery({ queryKey: ORG_STATUS_KEY, queryFn: ({ signal }) => orgApi.status(signal, true), staleTime: 0, retry: false });
  const info = status.data;
  if (!info || info.staff || info.nextStep === 'done') return null;
  const certifyStep = info.nextStep === 'certify' || info.nextStep === 'waitCertify';
  return (
    <Alert
      type={info.nextStep === 'disabled' || info.opinion ? 'warning' : 'info'}
      showIcon
      title={`机构尚未完成入驻和认证：${info.nextStepText}`}
      description={info.opinion ? `审核意见：${info.opinion}` : undefined}
      action={
        info.nextStep === 'disabled' ? undefined : (
          <NextStepButton to={certifyStep ? CERTIFICATION_PATH : ENTER_ORGANISATION_PATH} text={certifyStep ? '前往认证' : '前往机构入驻'} />
        )
      }
    />
  );
}
