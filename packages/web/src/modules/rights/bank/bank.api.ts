import { bankFlow, bankResource } from '@sbwq/contracts';
import { flowApi } from '../../../platform/flowApi.ts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';
import { unwrap } from '../../../platform/result.ts';

/** Typed calls of 机构银行账户 (server: modules/rights/bank). */
export type BankBody = ResourceBody<typeof bankResource>;

const resource = resourceApi(bankResource);

export const bankApi = {
  ...resource,
  ...flowApi(bankFlow),
  byId: (id: string) => resource.queryById(id).then(unwrap),
};

export const BANK_LIST_KEY = 'rights-bank';
