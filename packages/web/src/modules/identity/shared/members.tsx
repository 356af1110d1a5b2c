import { UserAddOutlined } from '@ant-design/icons';
import type { UserRecord } from '@sbwq/contracts';
import { Button } from 'antd';
import { dictColumn } from '../../../components/dict/dictColumn.tsx';
import type { ListColumn } from '../../../components/list/types.ts';

export const USER_STATUS_COLORS = { '1': 'green', '2': 'red' };

/** 状态 of a user, as a coloured tag. */
export const userStatusColumn = <T extends Pick<UserRecord, 'status'>>(width = 90) =>
  dictColumn<T, ListColumn<T> & { dataIndex: 'status' }>({ title: '状态', dataIndex: 'status', width, align: 'center' }, 'user_status', USER_STATUS_COLORS);

/** The columns of the users who belong to something (a role, a department). */
export const memberColumns = (): ListColumn<UserRecord>[] => [
  { title: '用户账号', dataIndex: 'username' },
  { title: '用户姓名', dataIndex: 'realname' },
  userStatusColumn(),
];

/** 添加已有用户 (through the user picker), for who may change the members. */
export function AddMembersButton({ onClick }: { onClick: () => void }) {
  return (
    <Button type="primary" icon={<UserAddOutlined />} onClick={onClick}>
      添加已有用户
    </Button>
  );
}
