import type { ClaimRecord, DictRecord } from '@sbwq/contracts';

/** Records as the server answers them, for the screens' tests. */

/** A 报销单 of 华光代理 against batch XS20261101001 (淘宝假冒线索), 3000.00 applied for and invoiced, nothing deducted, in `status`. */
export const claimRecord = (status: ClaimRecord['status'], over: Partial<ClaimRecord> = {}) =>
  ({
    id: 'c1',
    claimNo: 'BX20261125001',
    batchId: 'b1',
    batchNo: 'XS20261101001',
    batchName: '淘宝假冒线索',
    orgName: '华光代理',
    expenseType: '1',
    applyAmount: '3000.00',
    deductions: '0.00',
    approvedAmount: null,
    invoiceTotal: '3000.00',
    status,
    ...over,
  }) as ClaimRecord;

/** The stock 性别 dictionary (sex), as the dictionary list answers it. */
export const SEX_DICT: DictRecord = {
  id: 'd1',
  dictName: '性别',
  dictCode: 'sex',
  description: null,
  delFlag: 0,
  type: 0,
  createBy: null,
  createTime: null,
  updateBy: null,
  updateTime: null,
};
