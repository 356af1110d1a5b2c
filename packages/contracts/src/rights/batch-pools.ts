/**
 * The pools a clue batch may apply to, for the batch form's picker: an organisation may not read the
 * pool list itself (资金池 is the association's finance screen), yet must choose the pool whose
 * 单件补贴标准 and 单机构上限 decide its 申请金额. Only 启用 pools with a 单件补贴标准 are offered.
 */
export const BATCH_POOL_OPTIONS_PATH = '/rights/threaded/poolOptions';

export type BatchPoolOption = {
  id: string;
  poolName: string;
  poolYear: number;
  /** 单件补贴标准 (yuan, 2 decimals) */
  subsidyPerCase: string;
  /** 单机构上限, null when the pool has none */
  orgCap: string | null;
  validTo: string | null;
};
