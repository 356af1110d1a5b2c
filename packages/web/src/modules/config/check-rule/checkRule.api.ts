import { checkRuleFlow, checkRuleResource, duplicateFlow, type CheckFailure, type Envelope } from '@sbwq/contracts';
import { flowApi } from '../../../platform/flowApi.ts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';

/** 校验规则 (JEECG-API §5.4, spec §7 Checks). */
export const checkRuleApi = resourceApi(checkRuleResource);
export type CheckRuleBody = ResourceBody<typeof checkRuleResource>;

const flow = flowApi(checkRuleFlow);
const duplicateApi = flowApi(duplicateFlow);

/**
 * GET /sys/checkRule/checkByCode: success, or the first failing rule's message (a failure's result is
 * the rule, `CheckFailure`). The value is encoded once more, as the JeecgBoot client does: the server
 * decodes it again (so `+` and `%` survive).
 */
export const checkByCode = (ruleCode: string, value: string): Promise<Envelope<CheckFailure | null>> =>
  flow.checkByCode({ ruleCode, value: encodeURIComponent(value) }, { silent: true });

export const checkRuleCodeFree = (ruleCode: string, id?: string) =>
  duplicateApi.check({ tableName: 'sys_check_rule', fieldName: 'rule_code', fieldVal: ruleCode, dataId: id }, { silent: true });
