import { NOTICE_KINDS, type NoticeKind } from '@sbwq/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { List, Switch } from 'antd';
import { useApiMutation } from '../../../platform/useApiMutation.ts';
import { accountApi, accountKeys } from './account.api.ts';
import { AccountSettingsLayout } from './AccountSettings.tsx';
import styles from './AccountSettings.module.css';

/** 新消息通知: which kinds of notice pop up live; the bell lists every notice whatever is chosen here. */
export function Notification() {
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: accountKeys.settings,
    queryFn: async ({ signal }) => {
      const answer = await accountApi.settings(undefined, { signal });
      if (!answer.success) throw new Error(answer.message);
      return answer.result;
    },
  });
  const muted = settings.data?.notice.muted ?? [];
  const save = useApiMutation((next: NoticeKind[]) => accountApi.saveNotice({ muted: next }), {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.settings }),
  });
  const toggle = (kind: NoticeKind, on: boolean) => void save.run(on ? muted.filter((k) => k !== kind) : [...muted, kind]);

  return (
    <AccountSettingsLayout group="notification">
      <p className={styles.note}>关闭某类消息后，它不再实时推送提醒，但仍会出现在右上角的通知列表中。</p>
      <List
        loading={settings.isPending}
        dataSource={[...NOTICE_KINDS]}
        renderItem={(k) => (
          <List.Item>
            <div className={styles.kind}>
              <List.Item.Meta title={k.label} description={k.hint} />
              <Switch
                aria-label={`${k.label}实时提醒`}
                checked={!muted.includes(k.key)}
                disabled={!settings.data || save.isPending}
                checkedChildren="开"
                unCheckedChildren="关"
                onChange={(on) => toggle(k.key, on)}
              />
            </div>
          </List.Item>
        )}
      />
    </AccountSettingsLayout>
  );
}
