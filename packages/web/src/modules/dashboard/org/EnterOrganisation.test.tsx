import type { OrgRecord, OrgStatusInfo } from '@sbwq/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, fakeServer } from '../../../test/fakeServer.ts';
import { Certification } from './Certification.tsx';
import { EnterOrganisation } from './EnterOrganisation.tsx';

configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const status = (over: Partial<OrgStatusInfo>): OrgStatusInfo => ({
  staff: false,
  orgId: 'o1',
  orgName: '某知识产权代理有限公司',
  enterStatus: '0',
  enterStatus_dictText: '未提交',
  certifyStatus: '0',
  certifyStatus_dictText: '未认证',
  nextStep: 'enrol',
  nextStepText: '请填写并提交机构入驻申请',
  opinion: null,
  allowed: false,
  ...over,
});

const org = (over: Partial<OrgRecord>) =>
  ({
    id: 'o1',
    orgName: '某知识产权代理有限公司',
    orgType: '1',
    orgType_dictText: '商标代理机构',
    creditCode: '91440300708461136T',
    legalPerson: '张三',
    regAddress: '杭州',
    officeAddress: null,
    foundDate: '2015-06-01',
    licenseFile: 'rights_org/20260101/0123456789abcdef0123456789abcdef.png',
    practiceFile: null,
    filingFile: null,
    agentFilingNo: 'TM1',
    contactName: '李四',
    contactPhone: '13800138000',
    contactEmail: null,
    region: '浙江省杭州市',
    enterStatus: '0',
    enterStatus_dictText: '未提交',
    certifyStatus: '0',
    certifyStatus_dictText: '未认证',
    enrolEditable: true,
    certifyEditable: false,
    auditOpinion: null,
    ...over,
  }) as OrgRecord;

function show(node: React.ReactNode, answers: { status: OrgStatusInfo; mine: OrgRecord | null }) {
  fakeServer({
    'GET /rights/org/status': () => ({ body: envelope(answers.status) }),
    'GET /rights/org/mine': () => ({ body: envelope(answers.mine) }),
    'GET /sys/dict/getDictItems/*': () => ({ body: envelope([{ value: '1', text: '商标代理机构', title: '商标代理机构' }]) }),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <AntApp>
      <QueryClientProvider client={client}>
        <MemoryRouter>{node}</MemoryRouter>
      </QueryClientProvider>
    </AntApp>,
  );
}

// the first render loads antd's form and date picker: slow on a busy machine
describe('dashboard/EnterOrganisation (DOMAIN enrolment flow)', { timeout: 20_000 }, () => {
  it("a rejected application shows the reviewer's reasons above the form, filled with what was sent", async () => {
    show(<EnterOrganisation />, {
      status: status({ enterStatus: '3', enterStatus_dictText: '已驳回', opinion: '营业执照不清晰' }),
      mine: org({ enterStatus: '3', enterStatus_dictText: '已驳回', auditOpinion: '营业执照不清晰' }),
    });
    expect(await screen.findByText('审核意见：营业执照不清晰')).toBeTruthy();
    expect(((await screen.findByLabelText('机构名称')) as HTMLInputElement).value).toBe('某知识产权代理有限公司');
    expect((screen.getByLabelText('统一社会信用代码') as HTMLInputElement).value).toBe('91440300708461136T');
    expect(screen.getByRole('button', { name: /提交申请|提 交申请/ })).toBeTruthy();
  });

  it('a submitted application is read-only while it waits for the reviewer', async () => {
    show(<EnterOrganisation />, {
      status: status({ enterStatus: '1', nextStep: 'waitEnrol', nextStepText: '入驻申请审核中，请等待协会审核' }),
      mine: org({ enterStatus: '1', enterStatus_dictText: '待审核', enrolEditable: false }),
    });
    expect(await screen.findByText(/入驻申请审核中，请等待协会审核/)).toBeTruthy();
    expect(await screen.findByText('待审核')).toBeTruthy();
    expect(document.querySelector('form#org-enrol')).toBeNull();
  });

  it('association staff are told they need not enrol', async () => {
    show(<EnterOrganisation />, { status: status({ staff: true, nextStep: 'none', orgId: null, allowed: true }), mine: null });
    expect(await screen.findByText('协会工作人员无需入驻')).toBeTruthy();
  });
});

describe('dashboard/Certification (DOMAIN certify flow)', { timeout: 20_000 }, () => {
  it('before enrolment it leads back to 机构入驻 and offers no form', async () => {
    show(<Certification />, { status: status({}), mine: null });
    expect(await screen.findByRole('button', { name: '去填写入驻申请' })).toBeTruthy();
    expect(document.querySelector('form#org-certify')).toBeNull();
  });

  it('a failed certification shows the reasons and opens the form again', async () => {
    show(<Certification />, {
      status: status({ enterStatus: '2', certifyStatus: '3', nextStep: 'certify', nextStepText: '入驻已通过，请提交认证材料', opinion: '缺少备案证明' }),
      mine: org({ enterStatus: '2', certifyStatus: '3', certifyStatus_dictText: '认证失败', enrolEditable: false, certifyEditable: true }),
    });
    expect(await screen.findByText('审核意见：缺少备案证明')).toBeTruthy();
    expect(await screen.findByText('认证材料')).toBeTruthy();
    expect(((await screen.findByLabelText('商标代理备案号')) as HTMLInputElement).value).toBe('TM1');
  });
});
