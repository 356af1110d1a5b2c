import { fillRuleResource } from '@sbwq/contracts';
import { http } from '../../../platform/http.ts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';

/** 填值规则 (sys_fill_rule): `prefix + date + sequence` number generators. */
export const fillRuleApi = resourceApi(fillRuleResource);
export type FillRuleBody = ResourceBody<typeof fillRuleResource>;

/** The next number of a rule (what the business modules call); it takes a number of the sequence for good. */
export const executeFillRule = (ruleCode: string) => http.get<string>(`/sys/fillRule/executeRuleByCode/${encodeURIComponent(ruleCode)}`);

export const checkFillRuleCode = (ruleCode: string, id?: string) =>
  http.get<null>('/sys/duplicate/check', { tableName: 'sys_fill_rule', fieldName: 'rule_code', fieldVal: ruleCode, dataId: id }, { silent: true });
