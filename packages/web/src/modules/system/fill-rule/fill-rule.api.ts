import type { FillDatePattern, FillResetCycle, FillRuleRecord, Page } from '@sbwq/contracts';
import { http, type Query } from '../../../platform/http.ts';

/** Typed calls of 填值规则 (sys_fill_rule): `prefix + date + sequence` number generators. */
export type FillRuleBody = {
  id?: string;
  ruleName: string;
  ruleCode: string;
  prefix?: string | null;
  datePattern: FillDatePattern;
  seqWidth: number;
  resetCycle: FillResetCycle;
  description?: string | null;
};

export const fillRuleApi = {
  list: (params: Query, signal?: AbortSignal) => http.get<Page<FillRuleRecord>>('/sys/fillRule/list', params, { signal }),
  add: (body: FillRuleBody) => http.post('/sys/fillRule/add', body),
  edit: (body: FillRuleBody) => http.put('/sys/fillRule/edit', body),
  remove: (rule: FillRuleRecord) => http.delete('/sys/fillRule/delete', { id: rule.id }),
  removeBatch: (ids: string[]) => http.delete('/sys/fillRule/deleteBatch', { ids: ids.join(',') }),
};

/** The next number of a rule (what the business modules call); it takes a number of the sequence for good. */
export const executeFillRule = (ruleCode: string) => http.get<string>(`/sys/fillRule/executeRuleByCode/${encodeURIComponent(ruleCode)}`);

export const checkFillRuleCode = (ruleCode: string, id?: string) =>
  http.get<null>('/sys/duplicate/check', { tableName: 'sys_fill_rule', fieldName: 'rule_code', fieldVal: ruleCode, dataId: id }, { silent: true });
