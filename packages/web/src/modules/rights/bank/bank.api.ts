import type { BankAccountBody, BankAccountRecord, Page } from '@sbwq/contracts';
import { http, type Query } from '../../../platform/http.ts';
import { unwrap } from '../../../platform/result.ts';
import type { ApproveInput } from '../org/org.api.ts';

/** Typed calls of 机构银行账户 (server: modules/rights/bank). */
export type BankInput = Partial<Record<keyof BankAccountBody, string | null>> & { id?: string };

export const bankApi = {
  list: (params: Query, signal?: AbortSignal) => http.get<Page<BankAccountRecord>>('/rights/bank/list', params, { signal }),
  byId: (id: string) => http.get<BankAccountRecord>('/rights/bank/queryById', { id }).then(unwrap),
  add: (body: BankInput) => http.post<string>('/rights/bank/add', body),
  edit: (body: BankInput) => http.put<null>('/rights/bank/edit', body),
  remove: (id: string) => http.delete<null>('/rights/bank/delete', { id }),
  removeBatch: (ids: string[]) => http.delete<null>('/rights/bank/deleteBatch', { ids: ids.join(',') }),
  setDefault: (id: string) => http.post<null>('/rights/bank/setDefault', { id }),
  changeStatus: (id: string, status: '0' | '1') => http.post<null>('/rights/bank/changeStatus', { id, status }),
  approve: (body: ApproveInput) => http.post<null>('/rights/bank/approve', body),
};

export const BANK_LIST_KEY = 'rights-bank';
