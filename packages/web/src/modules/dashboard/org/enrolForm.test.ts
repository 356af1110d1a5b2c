import type { OrgRecord } from '@sbwq/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { draftFieldsToCheck, enrolBody, enrolFormValues } from './enrolForm.ts';
import { progressOf } from './orgSteps.ts';

describe('DOMAIN organisation enrolment form', () => {
  it('a draft checks only the fields filled in, and always the name', () => {
    expect(draftFieldsToCheck({ orgName: '', creditCode: '  ', region: '浙江省', foundDate: null })).toEqual(['orgName', 'region']);
    expect(draftFieldsToCheck({ orgName: '某机构', foundDate: dayjs('2020-01-02'), licenseFile: 'a/20260101/0123456789abcdef0123456789abcdef.png' })).toEqual([
      'orgName',
      'foundDate',
      'licenseFile',
    ]);
  });

  it('the body carries every field, trimmed, the date as YYYY-MM-DD, an empty field as "" (a draft clears it)', () => {
    const body = enrolBody({ orgName: ' 某机构 ', creditCode: '91440300708461136T', foundDate: dayjs('2015-06-01'), officeAddress: null });
    expect(body).toMatchObject({
      orgName: '某机构',
      creditCode: '91440300708461136T',
      foundDate: '2015-06-01',
      officeAddress: '',
      licenseFile: '',
      region: '',
    });
    expect(Object.keys(body)).toHaveLength(14);
  });

  it('a saved application fills the form back (成立日期 as a picker date)', () => {
    const values = enrolFormValues({ orgName: '某机构', foundDate: '2015-06-01', creditCode: null, licenseFile: 'p' } as unknown as OrgRecord);
    expect(values.orgName).toBe('某机构');
    expect(values.foundDate?.format('YYYY-MM-DD')).toBe('2015-06-01');
    expect(values.creditCode).toBeNull();
    expect(enrolFormValues(null)).toEqual({});
  });
});

describe('DOMAIN flows: the progress an organisation user sees', () => {
  const base = {
    staff: false,
    orgId: 'o',
    orgName: '某机构',
    enterStatus: '0',
    enterStatus_dictText: '未提交',
    certifyStatus: '0',
    certifyStatus_dictText: '未认证',
    nextStepText: '',
    opinion: null,
    allowed: false,
  };
  it('未提交 → step 1; 已驳回 → step 1 failed; 待审核 → step 2; 认证失败 → step 3 failed; 认证中 → step 4; 已认证 → done', () => {
    expect(progressOf({ ...base, nextStep: 'enrol' })).toMatchObject({ current: 0, stepStatus: 'process', alert: 'info' });
    expect(progressOf({ ...base, nextStep: 'enrol', enterStatus: '3', opinion: '材料不清晰' })).toMatchObject({
      current: 0,
      stepStatus: 'error',
      alert: 'error',
    });
    expect(progressOf({ ...base, nextStep: 'waitEnrol', enterStatus: '1' })).toMatchObject({ current: 1, stepStatus: 'process' });
    expect(progressOf({ ...base, nextStep: 'certify', enterStatus: '2', certifyStatus: '3', opinion: '缺少备案' })).toMatchObject({
      current: 2,
      stepStatus: 'error',
      alert: 'error',
    });
    expect(progressOf({ ...base, nextStep: 'waitCertify', enterStatus: '2', certifyStatus: '1' })).toMatchObject({ current: 3 });
    expect(progressOf({ ...base, nextStep: 'done', enterStatus: '2', certifyStatus: '2', allowed: true })).toMatchObject({
      current: 4,
      stepStatus: 'finish',
      alert: 'success',
    });
    expect(progressOf({ ...base, nextStep: 'disabled', enterStatus: '4' })).toMatchObject({ alert: 'warning' });
  });
});
