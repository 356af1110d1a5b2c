import { duplicateFlow, fillRuleFlow, fillRuleResource } from '@sbwq/contracts';
import { flowApi } from '../../../platform/flowApi.ts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';

/** 填值规则 (sys_fill_rule): `prefix + date + sequence` number generators. */
export const fillRuleApi = resourceApi(fillRuleResource);
export type FillRuleBody = ResourceBody<typeof fillRuleResource>;

const flow = flowApi(fillRuleFlow);
const duplicateApi = flowApi(duplicateFlow);

/** The next number of a rule (what the business modules call); it takes a number of the sequence for good. */
export const executeFillRule = (ruleCode: string) => flow.executeRuleByCode({ ruleCode });

export const checkFillRuleCode = (ruleCode: string, id?: string) =>
  duplicateApi.check({ tableName: 'sys_fill_rule', fieldName: 'rule_code', fieldVal: ruleCode, dataId: id }, { silent: true });
