import { useEffect, useMemo, useState } from 'react';
import {
  MessageTemplatePerm,
  messageTemplateAddBody,
  messageTemplateResource,
  MSG_TYPE_TEXT,
  SEND_MSG_TYPES,
  type MessageTemplateRecord,
  type MsgTypeValue,
  type PreviewReply,
} from '@sbwq/contracts';
import { Alert, Descriptions, Form, Input, Modal, Select, Typography } from 'antd';
import { zodRule } from '../../../components/form/zodRule.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { FormMode, ListDefinition } from '../../../components/list/types.ts';
import { feedback } from '../../../platform/feedback.ts';
import { showFailure, unwrap } from '../../../platform/result.ts';
import { messageTemplateApi, templateFlowApi, type MessageTemplateBody } from './message.api.ts';
import { resourceList } from '../../../components/list/resourceList.ts';

const shape = messageTemplateAddBody.shape;
const TYPE_OPTIONS = SEND_MSG_TYPES.map((value) => ({ value, label: MSG_TYPE_TEXT[value] }));
const VARIABLE_HINT = '变量写作 ${变量名}，如 ${name}；测试数据里须有同名的值，缺少的变量会被指出。';

/** The title and content rendered with the test data while the form is typed in (the server renders, as a send would). */
function LivePreview() {
  const form = Form.useFormInstance();
  const templateName = Form.useWatch('templateName', form) as string | undefined;
  const templateContent = Form.useWatch('templateContent', form) as string | undefined;
  const templateTestJson = Form.useWatch('templateTestJson', form) as string | undefined;
  const templateType = Form.useWatch('templateType', form) as MsgTypeValue | undefined;
  const [state, setState] = useState<{ preview?: PreviewReply; error?: string }>({});
  useEffect(() => {
    if (!templateContent?.trim()) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      templateFlowApi
        .preview(
          { templateName: templateName ?? '', templateContent, templateTestJson: templateTestJson ?? null, templateType: templateType ?? null },
          { silent: true, signal: controller.signal },
        )
        .then((answer) => setState(answer.success ? { preview: answer.result } : { error: answer.message }))
        .catch(() => undefined);
    }, 400);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [templateName, templateContent, templateTestJson, templateType]);
  if (!templateContent?.trim()) return <Typography.Text type="secondary">填写模板内容后在此预览</Typography.Text>;
  if (state.error) return <Alert type="warning" showIcon title={state.error} />;
  if (!state.preview) return <Typography.Text type="secondary">填写模板内容后在此预览</Typography.Text>;
  return (
    <Descriptions size="small" column={1} bordered>
      <Descriptions.Item label="标题">{state.preview.title}</Descriptions.Item>
      <Descriptions.Item label="内容">
        <div style={{ whiteSpace: 'pre-wrap' }}>{state.preview.content}</div>
      </Descriptions.Item>
    </Descriptions>
  );
}

function fields(mode: FormMode) {
  return [
    {
      name: 'templateCode',
      label: '模板CODE',
      required: true,
      input: <Input placeholder="如 batch_withdrawn" disabled={mode === 'edit'} />,
      rules: [zodRule(shape.templateCode)],
    },
    {
      name: 'templateType',
      label: '模板类型',
      required: true,
      input: <Select options={TYPE_OPTIONS} placeholder="请选择模板类型" />,
      rules: [zodRule(shape.templateType)],
    },
    {
      name: 'templateName',
      label: '模板标题',
      required: true,
      input: <Input placeholder="请输入模板标题" />,
      rules: [zodRule(shape.templateName)],
      extra: VARIABLE_HINT,
    },
    {
      name: 'templateContent',
      label: '模板内容',
      required: true,
      input: <Input.TextArea rows={6} placeholder="请输入模板内容" />,
      rules: [zodRule(shape.templateContent)],
    },
    { name: 'templateTestJson', label: '测试数据', input: <Input.TextArea rows={3} placeholder='{"name":"张三"}' />, rules: [zodRule(shape.templateTestJson)] },
    { name: 'preview', label: '预览', input: <LivePreview /> },
  ];
}

const toBody = (values: Record<string, unknown>, mode: FormMode, record: MessageTemplateRecord | null): MessageTemplateBody => ({
  ...(mode === 'edit' && record ? { id: record.id } : {}),
  templateCode: mode === 'edit' && record ? record.templateCode : String(values.templateCode ?? ''),
  templateName: String(values.templateName ?? ''),
  templateContent: String(values.templateContent ?? ''),
  templateType: values.templateType as MsgTypeValue,
  templateTestJson: (values.templateTestJson as string | undefined) || null,
});

/** 发送测试: channel and receiver picked, the template sent with its test data, the outcome shown. */
function SendTestModal({ template, onClose }: { template: MessageTemplateRecord; onClose: () => void }) {
  const [form] = Form.useForm<{ msgType: MsgTypeValue; receiver: string; testData: string }>();
  const [sending, setSending] = useState(false);
  const send = async () => {
    const values = await form.validateFields();
    setSending(true);
    try {
      const result = unwrap(await templateFlowApi.sendMsg({ templateCode: template.templateCode, ...values }));
      const ok = result.esSendStatus === '1';
      feedback().modal[ok ? 'success' : 'warning']({
        title: ok ? '发送成功' : '发送失败（已记入消息中心，将自动重试）',
        content: result.esResult ?? '',
        okText: '知道了',
      });
      onClose();
    } catch (error) {
      showFailure(error);
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal
      open
      title={`发送测试：${template.templateName}`}
      okText="发送"
      cancelText="取消"
      confirmLoading={sending}
      onOk={() => void send()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ msgType: template.templateType, testData: template.templateTestJson ?? '{}' }}>
        <Form.Item name="msgType" label="发送方式" rules={[{ required: true, message: '请选择发送方式' }]}>
          <Select options={TYPE_OPTIONS} />
        </Form.Item>
        <Form.Item
          name="receiver"
          label="接收人"
          rules={[{ required: true, whitespace: true, message: '请填写接收人' }]}
          extra="用户账号，或邮箱地址（邮件）、手机号（短信）"
        >
          <Input placeholder="如 admin 或 someone@example.com" />
        </Form.Item>
        <Form.Item name="testData" label="测试数据">
          <Input.TextArea rows={4} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 消息模板 (stock modules/message/SysMessageTemplateList). */
export function SysMessageTemplateList() {
  const [testing, setTesting] = useState<MessageTemplateRecord | null>(null);
  const definition = useMemo<ListDefinition<MessageTemplateRecord, MessageTemplateBody>>(
    () => ({
      key: 'system-message-template',
      ...resourceList(messageTemplateResource, messageTemplateApi),
      search: [
        { name: 'templateCode', label: '模板CODE' },
        { name: 'templateName', label: '模板标题' },
        { name: 'templateType', label: '模板类型', type: 'select', options: TYPE_OPTIONS },
      ],
      columns: [
        { title: '模板CODE', dataIndex: 'templateCode', width: 200, sorter: true },
        { title: '模板标题', dataIndex: 'templateName', width: 260, ellipsis: true },
        { title: '模板内容', dataIndex: 'templateContent', ellipsis: true },
        { title: '模板类型', dataIndex: 'templateType_dictText', width: 100, align: 'center' },
      ],
      form: { width: 760, fields: (mode) => fields(mode), initialValues: { templateType: '4' }, toBody },
      rowActions: [{ key: 'send', label: '发送测试', code: MessageTemplatePerm.send, inline: true, onClick: (record) => setTesting(record) }],
    }),
    [],
  );
  return (
    <>
      <ListPage definition={definition} />
      {testing && <SendTestModal template={testing} onClose={() => setTesting(null)} />}
    </>
  );
}
