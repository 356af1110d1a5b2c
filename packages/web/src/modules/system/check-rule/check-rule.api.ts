import type { CheckFailure, CheckRuleItem, CheckRuleRecord, Envelope, Page } from '@sbwq/contracts';
import { http, type Query } from '../../../platform/http.ts';

/** Typed calls of 校验规则 (JEECG-API §5.4, spec §7 Checks). */
export type CheckRuleBody = { id?: string; ruleName: string; ruleCode: string; ruleJson: CheckRuleItem[]; ruleDescription?: string | null };

export const checkRuleApi = {
  list: (params: Query, signal?: AbortSignal) => http.get<Page<CheckRuleRecord>>('/sys/checkRule/list', params, { signal }),
  add: (body: CheckRuleBody) => http.post('/sys/checkRule/add', body),
  edit: (body: CheckRuleBody) => http.put('/sys/checkRule/edit', body),
  remove: (rule: CheckRuleRecord) => http.delete('/sys/checkRule/delete', { id: rule.id }),
  removeBatch: (ids: string[]) => http.delete('/sys/checkRule/deleteBatch', { ids: ids.join(',') }),
};

/**
 * GET /sys/checkRule/checkByCode: success, or the first failing rule's message. The value is encoded
 * once more, as the JeecgBoot client does: the server decodes it again (so `+` and `%` survive).
 */
export const checkByCode = (ruleCode: string, value: string): Promise<Envelope<CheckFailure | null>> =>
  http.get<CheckFailure | null>('/sys/checkRule/checkByCode', { ruleCode, value: encodeURIComponent(value) }, { silent: true });

export const checkRuleCodeFree = (ruleCode: string, id?: string) =>
  http.get<null>('/sys/duplicate/check', { tableName: 'sys_check_rule', fieldName: 'rule_code', fieldVal: ruleCode, dataId: id }, { silent: true });
