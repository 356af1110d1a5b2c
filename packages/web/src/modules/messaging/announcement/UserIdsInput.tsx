import { UserAddOutlined } from '@ant-design/icons';
import type { UserRecord } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { UserPickerModal } from '../../identity/shared/UserPickerModal.tsx';
import { usersByIds } from './announcement.api.ts';

type UserIdsInputProps = {
  /** JeecgBoot's user_ids form: ids separated by commas, with a trailing comma (`id1,id2,`) */
  value?: string | null;
  onChange?: (value: string) => void;
  id?: string;
};

export const splitUserIds = (value: string | null | undefined): string[] => [
  ...new Set(
    (value ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];
export const joinUserIds = (ids: string[]): string => (ids.length ? `${ids.join(',')},` : '');

const labelOf = (user: Pick<UserRecord, 'realname' | 'username'>) => (user.realname ? `${user.realname}（${user.username}）` : user.username);

/**
 * 通告对象 "指定用户": the chosen users as tags, 选择用户 opening the user picker (spec §2 "Popup record
 * picker"); a tag's × removes that user. Names of ids loaded with a record are looked up once.
 */
export function UserIdsInput({ value, onChange, id }: UserIdsInputProps) {
  const ids = useMemo(() => splitUserIds(value), [value]);
  const [picking, setPicking] = useState(false);
  const [known, setKnown] = useState<Record<string, string>>({});
  const unknown = ids.filter((userId) => !known[userId]);

  const lookup = useQuery({
    queryKey: ['system', 'users-by-ids', unknown.join(',')],
    queryFn: () => usersByIds(unknown),
    enabled: unknown.length > 0,
    staleTime: 60_000,
  });
  const names = useMemo(() => {
    const out = { ...known };
    for (const user of lookup.data ?? []) out[user.id] = labelOf(user);
    return out;
  }, [known, lookup.data]);

  const handlePicked = (users: UserRecord[]) => {
    setKnown((current) => ({ ...current, ...Object.fromEntries(users.map((user) => [user.id, labelOf(user)])) }));
    onChange?.(joinUserIds([...ids, ...users.map((user) => user.id)].filter((v, i, all) => all.indexOf(v) === i)));
    setPicking(false);
  };

  return (
    <div id={id}>
      <Flex wrap gap={6} align="center">
        {ids.map((userId) => (
          <Tag key={userId} closable style={{ marginInlineEnd: 0 }} onClose={() => onChange?.(joinUserIds(ids.filter((other) => other !== userId)))}>
            {names[userId] ?? (lookup.isFetching ? '…' : userId)}
          </Tag>
        ))}
        <Button size="small" icon={<UserAddOutlined />} onClick={() => setPicking(true)}>
          选择用户
        </Button>
        {ids.length > 0 && <Typography.Text type="secondary">已选 {ids.length} 人</Typography.Text>}
      </Flex>
      <UserPickerModal open={picking} onCancel={() => setPicking(false)} onOk={handlePicked} />
    </div>
  );
}
