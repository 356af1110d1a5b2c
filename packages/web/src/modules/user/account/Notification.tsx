import { NOTICE_CHANNELS, NOTICE_KINDS, type NoticeChannel, type NoticeKind, type NoticePrefs } from '@sbwq/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { List, Switch } from 'antd';
import { useApiMutation } from '../../../platform/useApiMutation.ts';
import { accountApi, accountKeys } from './account.api.ts';
import { AccountSettingsLayout } from './AccountSettings.tsx';
import styles from './AccountSettings.module.css';

/**
 * 新消息通知: which kinds of notice pop up live (and go by the chosen channels), and which channels besides
 * the bell carry them; the bell lists every notice whatever is chosen here.
 */
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
  const channels = settings.data?.notice.channels ?? [];
  const save = useApiMutation((next: Required<NoticePrefs>) => accountApi.saveNotice(next), {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.settings }),
  });
  const toggle = (kind: NoticeKind, on: boolean) => void save.run({ channels, muted: on ? muted.filter((k) => k !== kind) : [...muted, kind] });
  const toggleChannel = (channel: NoticeChannel, on: boolean) =>
    void save.run({ muted, channels: on ? [...channels, channel] : channels.filter((c) => c !== channel) });

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
      <p className={styles.note}>除右上角通知外，未关闭的消息还可同时发送到：</p>
      <List
        loading={settings.isPending}
        dataSource={[...NOTICE_CHANNELS]}
        renderItem={(c) => (
          <List.Item>
            <div className={styles.kind}>
              <List.Item.Meta title={c.label} description={c.hint} />
              <Switch
                aria-label={`同时发送${c.label}`}
                checked={channels.includes(c.key)}
                disabled={!settings.data || save.isPending}
                checkedChildren="开"
                unCheckedChildren="关"
                onChange={(on) => toggleChannel(c.key, on)}
              />
            </div>
          </List.Item>
        )}
      />
    </AccountSettingsLayout>
  );
}
