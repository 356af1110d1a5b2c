import { SMS_MODE_TEXT, smsOutboxResource, type SmsOutboxRecord } from '@sbwq/contracts';
import { Alert, Typography } from 'antd';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { ListDefinition } from '../../../components/list/types.ts';
import { smsOutboxApi } from './smsOutbox.api.ts';
import { resourceList } from '../../../components/list/resourceList.ts';

const definition: ListDefinition<SmsOutboxRecord> = {
  key: 'system-sms-outbox',
  ...resourceList(smsOutboxResource, smsOutboxApi),
  detail: false,
  search: [
    { name: 'mobile', label: '手机号' },
    { name: 'smsmode', label: '用途', type: 'select', options: Object.entries(SMS_MODE_TEXT).map(([value, label]) => ({ value, label })) },
  ],
  columns: [
    { title: '手机号', dataIndex: 'mobile', width: 130 },
    { title: '用途', dataIndex: 'smsmode', width: 110, align: 'center', render: (v: string) => SMS_MODE_TEXT[v] ?? v },
    {
      title: '验证码',
      dataIndex: 'code',
      width: 100,
      align: 'center',
      render: (v: string) => (
        <Typography.Text code copyable>
          {v}
        </Typography.Text>
      ),
    },
    { title: '短信内容', dataIndex: 'content', ellipsis: true },
    { title: '请求IP', dataIndex: 'ip', width: 130 },
    { title: '发送时间', dataIndex: 'createTime', kind: 'datetime', sorter: true },
  ],
};

/**
 * 短信发件箱 (issue #27): with no SMS provider configured (SMS_PROVIDER), codes are "sent" here, for an
 * administrator to pass on while testing; with a provider configured nothing new appears.
 */
export function SmsOutboxList() {
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        title="未配置短信服务商时，注册、找回密码和手机号登录的验证码不会真正发出，而是记录在这里（5分钟内有效）。配置方法见 README「短信验证码」。"
      />
      <ListPage definition={definition} />
    </>
  );
}
