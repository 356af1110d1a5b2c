import { pendingBindingQuestion, type ThirdBinding } from '@sbwq/contracts';
import { LinkOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, List, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { loadPage } from '../../../platform/browser.ts';
import { useApiMutation } from '../../../platform/useApiMutation.ts';
import { thirdBindingApi } from './thirdBinding.api.ts';
import { ssoSettings, takeThirdLanding } from '../../../platform/sso.ts';
import styles from './sso.module.css';

const bindingsKey = ['thirdLogin', 'bindings'] as const;

type Row = { provider: string; label: string; binding: ThirdBinding | null };

/**
 * 账户设置 · 账号绑定 (spec §2 view group "account center and settings: binding"): each configured
 * provider, bound or not, and any binding of a provider no longer configured; bind goes through the
 * provider's sign-in and comes back here, where the user confirms the account the provider answered
 * (nothing is bound before that); unbind asks first.
 */
export function AccountBindings() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState<string | null>(null);
  const bindings = useQuery({
    queryKey: bindingsKey,
    queryFn: async ({ signal }) => {
      const answer = await thirdBindingApi.bindings(undefined, { signal });
      if (!answer.success) throw new Error(answer.message);
      return answer.result;
    },
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: bindingsKey });
  const unbind = useApiMutation((id: string) => thirdBindingApi.unbind({ id }), { onSuccess: refresh });
  const start = useApiMutation((provider: string) => thirdBindingApi.bindStart({ provider }), {
    successMessage: false,
    onSuccess: (result) => loadPage(result.url),
  });

  const settle = useApiMutation(
    ({ token, confirmed }: { token: string; confirmed: boolean }) =>
      confirmed ? thirdBindingApi.bindConfirm({ token }) : thirdBindingApi.bindCancel({ token }),
    {
      onSuccess: refresh,
    },
  );

  // what the provider's callback said when it brought the browser back here (taken out of the address
  // at once, so running again finds nothing)
  const settleRun = settle.run;
  useEffect(() => {
    const landing = takeThirdLanding();
    if (landing?.kind === 'error') message.error(landing.message);
    if (landing?.kind !== 'confirm') return;
    const { token } = landing;
    thirdBindingApi
      .bindPending({ token })
      .then((answer) => {
        if (!answer.success) {
          message.error(answer.message);
          return;
        }
        modal.confirm({
          title: '确认绑定',
          content: pendingBindingQuestion(answer.result),
          okText: '确认绑定',
          cancelText: '取消',
          onOk: () => settleRun({ token, confirmed: true }),
          onCancel: () => settleRun({ token, confirmed: false }),
        });
      })
      .catch(() => undefined);
  }, [message, modal, settleRun]);

  const found = bindings.data ?? [];
  const rows: Row[] = ssoSettings().providers.map((p) => ({ provider: p.name, label: p.label, binding: found.find((b) => b.provider === p.name) ?? null }));
  for (const b of found) if (!rows.some((r) => r.provider === b.provider)) rows.push({ provider: b.provider, label: b.providerLabel, binding: b });
  const configured = new Set(ssoSettings().providers.map((p) => p.name));

  const handleUnbind = (row: Row) => {
    const binding = row.binding;
    if (!binding) return;
    modal.confirm({
      title: '解除绑定',
      content: `确定要解除与${row.label}${binding.displayName ? `（${binding.displayName}）` : ''}的绑定吗？解除后不能再用它登录本系统。`,
      okText: '解除绑定',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => unbind.run(binding.id),
    });
  };

  const handleBind = async (row: Row) => {
    setLeaving(row.provider);
    if (!(await start.run(row.provider))) setLeaving(null);
  };

  if (bindings.isPending) return <Spin />;
  if (bindings.isError) {
    return (
      <Empty description={`加载绑定信息失败：${bindings.error.message}`}>
        <Button onClick={() => bindings.refetch()}>重试</Button>
      </Empty>
    );
  }
  return (
    <List<Row>
      className={styles.bindings}
      itemLayout="horizontal"
      dataSource={rows}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="本系统未配置第三方登录方式" /> }}
      renderItem={(row) => (
        <List.Item
          actions={[
            row.binding ? (
              <Button key="unbind" danger size="small" loading={unbind.isPending} onClick={() => handleUnbind(row)} aria-label={`解绑${row.label}`}>
                解绑
              </Button>
            ) : (
              <Button
                key="bind"
                type="primary"
                size="small"
                icon={<LinkOutlined />}
                loading={leaving === row.provider}
                disabled={!configured.has(row.provider)}
                onClick={() => handleBind(row)}
                aria-label={`绑定${row.label}`}
              >
                绑定
              </Button>
            ),
          ]}
        >
          <List.Item.Meta
            title={
              <span>
                {row.label} {row.binding ? <Tag color="green">已绑定</Tag> : <Tag>未绑定</Tag>}
              </span>
            }
            description={
              row.binding ? `${row.binding.displayName ?? '（未提供名称）'} · 绑定于 ${row.binding.createTime ?? ''}` : `绑定后可使用${row.label}登录本系统`
            }
          />
        </List.Item>
      )}
    />
  );
}
