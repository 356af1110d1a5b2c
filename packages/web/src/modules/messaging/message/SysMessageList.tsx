import {
  MessagePerm,
  messageBody,
  messageResource,
  MsgSendStatus,
  MSG_TYPE_TEXT,
  SEND_MSG_TYPES,
  type MessageRecord,
  type MsgTypeValue,
} from '@sbwq/contracts';
import { Input, Select, Tag, Tooltip } from 'antd';
import { zodRule } from '../../../components/form/zodRule.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { FormMode, ListDefinition } from '../../../components/list/types.ts';
import { messageApi, messageFlowApi, type MessageBodyInput } from './message.api.ts';
import { resourceList } from '../../../components/list/resourceList.ts';

const shape = messageBody.shape;
const TYPE_OPTIONS = SEND_MSG_TYPES.map((value) => ({ value, label: MSG_TYPE_TEXT[value] }));
const STATUS_COLOR: Record<string, string> = { [MsgSendStatus.pending]: 'processing', [MsgSendStatus.sent]: 'success', [MsgSendStatus.failed]: 'error' };

const fields = () => [
  { name: 'esType', label: '发送方式', required: true, input: <Select options={TYPE_OPTIONS} placeholder="请选择发送方式" />, rules: [zodRule(shape.esType)] },
  { name: 'esReceiver', label: '接收人', required: true, input: <Input placeholder="用户账号，或邮箱地址、手机号" />, rules: [zodRule(shape.esReceiver)] },
  { name: 'esTitle', label: '消息标题', input: <Input placeholder="请输入消息标题" />, rules: [zodRule(shape.esTitle)] },
  { name: 'esContent', label: '发送内容', required: true, input: <Input.TextArea rows={5} placeholder="请输入发送内容" />, rules: [zodRule(shape.esContent)] },
  { name: 'remark', label: '备注', input: <Input placeholder="请输入备注" />, rules: [zodRule(shape.remark)] },
];

const toBody = (values: Record<string, unknown>, mode: FormMode, record: MessageRecord | null): MessageBodyInput => ({
  ...(mode === 'edit' && record ? { id: record.id } : {}),
  esType: values.esType as MsgTypeValue,
  esReceiver: String(values.esReceiver ?? ''),
  esTitle: (values.esTitle as string | undefined) || null,
  esContent: String(values.esContent ?? ''),
  remark: (values.remark as string | undefined) || null,
});

const definition: ListDefinition<MessageRecord, MessageBodyInput> = {
  key: 'system-message',
  ...resourceList(messageResource, messageApi),
  search: [
    { name: 'esTitle', label: '消息标题' },
    { name: 'esReceiver', label: '接收人' },
    { name: 'esType', label: '发送方式', type: 'dict', dictCode: 'msgType' },
    { name: 'esSendStatus', label: '发送状态', type: 'dict', dictCode: 'msgSendStatus' },
    { name: 'templateCode', label: '模板CODE', hidden: true },
  ],
  columns: [
    { title: '消息标题', dataIndex: 'esTitle', width: 220, ellipsis: true },
    { title: '发送内容', dataIndex: 'esContent', ellipsis: true },
    { title: '接收人', dataIndex: 'esReceiver', width: 180, ellipsis: true },
    { title: '发送方式', dataIndex: 'esType_dictText', width: 90, align: 'center' },
    {
      title: '发送状态',
      dataIndex: 'esSendStatus',
      width: 100,
      align: 'center',
      render: (value: string, record: MessageRecord) => <Tag color={STATUS_COLOR[value]}>{record.esSendStatus_dictText ?? value}</Tag>,
    },
    { title: '发送次数', dataIndex: 'esSendNum', width: 90, align: 'center' },
    { title: '发送时间', dataIndex: 'esSendTime', kind: 'datetime', sorter: true },
    {
      title: '发送结果',
      dataIndex: 'esResult',
      width: 240,
      ellipsis: true,
      render: (value: string | null) => (value ? <Tooltip title={value}>{value}</Tooltip> : null),
    },
    { title: '下次重试', dataIndex: 'nextTryTime', kind: 'datetime', defaultHidden: true },
  ],
  form: { width: 640, fields, initialValues: { esType: '4' }, toBody },
  rowActions: [
    {
      key: 'resend',
      label: '重新发送',
      code: MessagePerm.resend,
      inline: true,
      visible: (record) => record.esSendStatus === MsgSendStatus.failed,
      confirm: (record) => `重新发送给 ${record.esReceiver}？`,
      onClick: (record) => messageFlowApi.resend({ id: record.id }),
    },
  ],
};

/** 消息中心 (stock modules/message/SysMessageList): every message sent, its status and result; a failed one can be resent. */
export function SysMessageList() {
  return <ListPage definition={definition} />;
}
