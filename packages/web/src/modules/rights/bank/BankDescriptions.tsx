import type { BankAccountRecord } from '@sbwq/contracts';
import { FieldTable } from '../../../components/detail/FieldTable.tsx';
import { FileLinks } from '../../../components/upload/FileLinks.tsx';
import { BankAccountNumber } from './BankAccountNumber.tsx';

/** An account as finance checks it: whose, which bank, the number, and the proof. */
export function BankDescriptions({ account }: { account: BankAccountRecord }) {
  return (
    <FieldTable
      items={[
        { key: 'org', label: '机构', children: account.orgName },
        { key: 'name', label: '开户名称', children: account.accountName },
        { key: 'bank', label: '开户银行', children: `${account.bankName} ${account.branchName}` },
        { key: 'no', label: '银行账号', children: <BankAccountNumber account={account} /> },
        { key: 'code', label: '联行号', children: account.bankCode },
        { key: 'nature', label: '账户性质', children: account.accountNature_dictText ?? account.accountNature },
        { key: 'default', label: '是否默认', children: account.isDefault === '1' ? '是' : '否' },
        { key: 'audit', label: '审核状态', children: account.auditStatus_dictText ?? account.auditStatus },
        { key: 'proof', label: '证明文件', children: <FileLinks value={account.proofFile} label="证明文件" />, span: 2 },
        { key: 'remark', label: '备注', children: account.remark, span: 2 },
      ]}
    />
  );
}
