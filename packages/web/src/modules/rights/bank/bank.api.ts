import { bankResource } from '@sbwq/contracts';
import { http } from '../../../platform/http.ts';
import { resourceApi, type ResourceBody } from '../../../platform/resourceApi.ts';
import { unwrap } from '../../../platform/result.ts';
import type { ApproveInput } from '../org/org.api.ts';

/** Typed calls of 机构银行账户 (server: modules/rights/bank). */
export type BankBody = ResourceBody<typeof bankResource>;

const resource = resourceApi(bankResource);

export const bankApi = {
  ...resource,
  byId: (id: string) => resource.queryById(id).then(unwrap),
  setDefault: (id: string) => http.post<null>('/rights/bank/setDefault', { id }),
  changeStatus: (id: string, status: '0' | '1') => http.post<null>('/rights/bank/changeStatus', { id, status }),
  approve: (body: ApproveInput) => http.post<null>('/rights/bank/approve', body),
};

export const BANK_LIST_KEY = 'rights-bank';
