import type { OrgEnrolBody, OrgRecord } from '@sbwq/contracts';
import dayjs, { type Dayjs } from 'dayjs';

/** The enrolment form's fields (DOMAIN.md organisation), in the order the server's schema names them. */
export const ENROL_FIELDS = [
  'orgName',
  'orgType',
  'creditCode',
  'legalPerson',
  'regAddress',
  'officeAddress',
  'foundDate',
  'licenseFile',
  'practiceFile',
  'agentFilingNo',
  'contactName',
  'contactPhone',
  'contactEmail',
  'region',
] as const satisfies readonly (keyof OrgEnrolBody)[];

export type EnrolField = (typeof ENROL_FIELDS)[number];
export type EnrolFormValues = Partial<Record<Exclude<EnrolField, 'foundDate'>, string | null>> & { foundDate?: Dayjs | null };

const DATE = 'YYYY-MM-DD';

/** A saved application as form values (成立日期 as a date of the picker). */
export function enrolFormValues(org: OrgRecord | null): EnrolFormValues {
  if (!org) return {};
  const values: EnrolFormValues = {};
  for (const key of ENROL_FIELDS) {
    if (key === 'foundDate') values.foundDate = org.foundDate ? dayjs(org.foundDate) : null;
    else values[key] = (org[key] as string | null | undefined) ?? null;
  }
  return values;
}

const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * The request body of the form: every field, an empty one as '' — which a draft (保存草稿) reads as
 * "clear this field" and a submission refuses with the field's own message.
 */
export function enrolBody(values: EnrolFormValues): Record<EnrolField, string> {
  const body = {} as Record<EnrolField, string>;
  for (const key of ENROL_FIELDS) {
    const value = values[key];
    if (key === 'foundDate') body.foundDate = value && dayjs.isDayjs(value) ? value.format(DATE) : '';
    else body[key] = isEmpty(value) ? '' : String(value).trim();
  }
  return body;
}

/** 保存草稿 checks only what was filled in (and the name, which a draft needs); the rest may wait. */
export function draftFieldsToCheck(values: EnrolFormValues): EnrolField[] {
  return ENROL_FIELDS.filter((key) => key === 'orgName' || !isEmpty(values[key]));
}
