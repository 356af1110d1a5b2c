import { and, eq, inArray, sql } from 'drizzle-orm';
import { namedIn, type FileKind } from '../../core/files/file-kinds.ts';
import { rightsBankAccount } from '../../core/tables/bank.table.ts';
import { BANK_FILE_BIZ } from './bank.service.ts';

const bankTitle = (b: { bankName: string; accountNo: string; accountName: string }) => `${b.bankName} 尾号${b.accountNo.slice(-4)}（${b.accountName}）`;

/** Files of a bank account (开户证明): titled by bank and account; an upload may name the account. */
export const bankFileKind: FileKind = {
  bizType: BANK_FILE_BIZ,
  titles: async (db, ids) => {
    const found = await db
      .select({
        id: rightsBankAccount.id,
        bankName: rightsBankAccount.bankName,
        accountNo: rightsBankAccount.accountNo,
        accountName: rightsBankAccount.accountName,
      })
      .from(rightsBankAccount)
      .where(and(inArray(rightsBankAccount.id, ids), eq(rightsBankAccount.delFlag, '0')));
    return found.map((b) => [b.id, bankTitle(b)]);
  },
  owner: async (db, id) => {
    const [found] = await db
      .select({ orgId: rightsBankAccount.orgId, sysOrgCode: rightsBankAccount.sysOrgCode })
      .from(rightsBankAccount)
      .where(and(eq(rightsBankAccount.id, id), eq(rightsBankAccount.delFlag, '0')));
    return found;
  },
  uses: namedIn({
    table: rightsBankAccount,
    columns: [rightsBankAccount.proofFile],
    live: eq(rightsBankAccount.delFlag, '0'),
    title: sql<string>`${rightsBankAccount.bankName} || ' ' || ${rightsBankAccount.accountName}`,
    what: '银行账户',
  }),
};
