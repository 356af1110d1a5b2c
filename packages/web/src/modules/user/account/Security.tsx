import { DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Divider, List, Tag } from 'antd';
import { useState } from 'react';
import { maskMobile, type AccountSession } from '@sbwq/contracts';
import { PasswordModal } from '../../../components/password/PasswordModal.tsx';
import { useSession } from '../../../platform/session.ts';
import { useApiMutation } from '../../../platform/useApiMutation.ts';
import { accountApi, accountKeys } from './account.api.ts';
import { AccountSettingsLayout } from './AccountSettings.tsx';
import styles from './AccountSettings.module.css';
import { EmailModal } from './EmailModal.tsx';
import { PhoneModal } from './PhoneModal.tsx';

type Dialog = 'password' | 'phone' | 'email';
type Row = { key: Dialog; title: string; description: string; hint?: string };

/**
 * 安全设置: the password (the existing change-password dialog and its §5 rules), the phone (an SMS code
 * to the new phone) and the e-mail (the current password), and the sessions list: every live session
 * of mine with its device, address and times; another one can be signed out, and its token is refused
 * at its next request.
 */
export function Security() {
  const username = useSession((s) => s.userInfo?.username || s.username || '');
  const phone = useSession((s) => s.userInfo?.phone);
  const email = useSession((s) => s.userInfo?.email);
  const [open, setOpen] = useState<Dialog | null>(null);
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: accountKeys.sessions,
    queryFn: async ({ signal }) => {
      const answer = await accountApi.sessions(undefined, { signal });
      if (!answer.success) throw new Error(answer.message);
      return answer.result;
    },
  });
  const reload = () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions });
  const revoke = useApiMutation((id: string) => accountApi.revokeSession({ id }), { onSuccess: reload });
  const revokeOthers = useApiMutation(() => accountApi.revokeOthers(undefined), { onSuccess: reload });
  const others = (sessions.data ?? []).filter((s) => !s.current);

  const askRevoke = (s: AccountSession) =>
    modal.confirm({
      title: '确认注销该会话？',
      content: `${s.device}（${s.ip ?? '未知地址'}）将被强制退出登录。`,
      okText: '注销',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => revoke.run(s.id),
    });
  const askRevokeOthers = () =>
    modal.confirm({
      title: '确认注销其他全部会话？',
      content: `除当前会话外的 ${others.length} 个会话将被强制退出登录。`,
      okText: '全部注销',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => revokeOthers.run(undefined),
    });

  return (
    <AccountSettingsLayout group="security">
      <List<Row>
        itemLayout="horizontal"
        dataSource={[
          { key: 'password', title: '账户密码', description: '密码至少8位，须同时包含字母和数字；修改后其他会话将被注销' },
          { key: 'phone', title: '手机号', description: phone ? `已绑定手机：${maskMobile(phone)}` : '未绑定', hint: '可用于手机号登录与找回密码' },
          { key: 'email', title: '安全邮箱', description: email ? `已绑定邮箱：${email}` : '未设置', hint: '修改时需验证当前密码' },
        ]}
        renderItem={(row) => (
          <List.Item
            aria-label={row.title}
            actions={[
              <Button key="change" type="link" aria-label={`修改${row.title}`} onClick={() => setOpen(row.key)}>
                修改
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={row.title}
              description={
                <>
                  <div>{row.description}</div>
                  {row.hint && <div className={styles.sessionMeta}>{row.hint}</div>}
                </>
              }
            />
          </List.Item>
        )}
      />
      <Divider titlePlacement="start">登录会话</Divider>
      <p className={styles.note}>以下是您当前仍有效的登录。发现不认识的设备时，请注销它并修改密码。</p>
      <List<AccountSession>
        loading={sessions.isPending}
        dataSource={sessions.data ?? []}
        locale={{ emptyText: '暂无会话' }}
        renderItem={(s) => (
          <List.Item
            aria-label={`会话 ${s.device}${s.current ? '（当前会话）' : ''}`}
            actions={
              s.current
                ? [
                    <Tag key="current" color="blue">
                      当前会话
                    </Tag>,
                  ]
                : [
                    <Button key="revoke" danger size="small" onClick={() => askRevoke(s)}>
                      注销
                    </Button>,
                  ]
            }
          >
            <div className={styles.session}>
              {s.mobile ? <MobileOutlined aria-hidden style={{ fontSize: 24 }} /> : <DesktopOutlined aria-hidden style={{ fontSize: 24 }} />}
              <div className={styles.sessionText}>
                <div>{s.device}</div>
                <div className={styles.sessionMeta}>
                  地址 {s.ip ?? '未知'} · 登录于 {s.createdAt} · 最近使用 {s.lastSeenAt}
                </div>
              </div>
            </div>
          </List.Item>
        )}
      />
      <Button danger disabled={others.length === 0} loading={revokeOthers.isPending} onClick={askRevokeOthers} style={{ marginTop: 16 }}>
        注销其他全部会话
      </Button>
      {open === 'password' && (
        <PasswordModal
          username={username}
          onClose={() => {
            setOpen(null);
            void reload();
          }}
        />
      )}
      {open === 'phone' && <PhoneModal onClose={() => setOpen(null)} />}
      {open === 'email' && <EmailModal onClose={() => setOpen(null)} />}
    </AccountSettingsLayout>
  );
}
