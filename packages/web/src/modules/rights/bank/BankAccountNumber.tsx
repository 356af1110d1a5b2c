import { LockOutlined } from '@ant-design/icons';
import type { BankAccountRecord } from '@sbwq/contracts';
import { Space, Tooltip } from 'antd';

/** The number as the server sent it: whole to finance and the owner, masked (with a lock) to everyone else. */
export function BankAccountNumber({ account }: { account: BankAccountRecord }) {
  if (account.accountNoVisible) return <>{account.accountNo}</>;
  return (
    <Tooltip title="仅财务人员与本机构可查看完整账号">
      <Space size={4}>
        <LockOutlined />
        {account.accountNo}
      </Space>
    </Tooltip>
  );
}
