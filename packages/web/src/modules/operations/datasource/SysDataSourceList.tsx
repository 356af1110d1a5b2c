import {
  DATA_SOURCE_TYPES,
  dataSourceAddBody,
  dataSourceFlow,
  DataSourcePerm,
  dataSourceResource,
  DataSourceType,
  DataSourceTypeText,
  DEFAULT_PORTS,
  type DataSourceRecord,
  type DataSourceTypeValue,
} from '@sbwq/contracts';
import { Alert, Button, Checkbox, Form, Input, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { ApiOutlined } from '@ant-design/icons';
import { useMemo, useState } from 'react';
import { useFlowActions } from '../../../components/flow/useFlowActions.tsx';
import { zodRule } from '../../../components/form/zodRule.ts';
import { useAccess } from '../../../components/access/useAccess.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { FormMode, ListDefinition } from '../../../components/list/types.ts';
import { useReloadList } from '../../../components/list/useListData.ts';
import { showFailure } from '../../../platform/result.ts';
import { dataSourceApi, dataSourceCalls, type DataSourceBody } from './datasource.api.ts';
import { resourceList } from '../../../components/list/resourceList.ts';

const LIST_KEY = 'system-data-source';
const shape = dataSourceAddBody.shape;
const TYPE_OPTIONS = DATA_SOURCE_TYPES.map((value) => ({ value, label: DataSourceTypeText[value] }));
const CONNECTION_FIELDS = ['dbType', 'host', 'port', 'databaseName', 'username'] as const;

/** A new type brings its usual port, unless the port was typed by hand. */
function TypeSelect({ value, onChange, id }: { value?: DataSourceTypeValue; onChange?: (v: DataSourceTypeValue) => void; id?: string }) {
  const form = Form.useFormInstance();
  return (
    <Select
      id={id}
      value={value}
      placeholder="请选择数据库类型"
      options={TYPE_OPTIONS}
      onChange={(next: DataSourceTypeValue) => {
        const port = form.getFieldValue('port') as number | undefined;
        if (port === undefined || port === null || Object.values(DEFAULT_PORTS).includes(port)) form.setFieldValue('port', DEFAULT_PORTS[next]);
        onChange?.(next);
      }}
    />
  );
}

type Outcome = { ok: boolean; text: string } | null;

/**
 * 测试连接 of the values in the form, before they are saved. On a saved source an empty password means
 * the saved one (the server uses it only towards the saved type, host and port).
 */
function ConnectionTest({ record }: { record: DataSourceRecord | null }) {
  const form = Form.useFormInstance();
  const { can } = useAccess();
  const [testing, setTesting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  if (!can(DataSourcePerm.test)) return <Typography.Text type="secondary">没有测试连接的权限</Typography.Text>;
  const run = async () => {
    setOutcome(null);
    try {
      await form.validateFields([...CONNECTION_FIELDS, 'password']);
    } catch {
      return;
    }
    const values = form.getFieldsValue() as Record<string, unknown>;
    const keepSaved = record && !values.clearPassword;
    setTesting(true);
    try {
      const answer = await dataSourceCalls.testConnection({
        ...(keepSaved ? { id: record.id } : {}),
        dbType: values.dbType as DataSourceTypeValue,
        host: String(values.host ?? ''),
        port: Number(values.port),
        databaseName: String(values.databaseName ?? ''),
        username: String(values.username ?? ''),
        password: (values.password as string | undefined) || null,
      });
      setOutcome({ ok: answer.success, text: answer.message });
    } catch (error) {
      showFailure(error);
    } finally {
      setTesting(false);
    }
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Button icon={<ApiOutlined />} loading={testing} onClick={run}>
        测试连接
      </Button>
      <div role="status" aria-live="polite" data-testid="connection-outcome">
        {testing && <Typography.Text type="secondary">正在连接（最多 3 秒）…</Typography.Text>}
        {outcome && <Alert type={outcome.ok ? 'success' : 'error'} showIcon title={outcome.text} />}
      </div>
    </Space>
  );
}

function fields(mode: FormMode, record: DataSourceRecord | null) {
  const saved = mode === 'edit' && record?.passwordSet;
  return [
    { name: 'name', label: '数据源名称', required: true, input: <Input placeholder="如 本系统业务库" />, rules: [zodRule(shape.name)] },
    {
      name: 'code',
      label: '数据源编码',
      required: true,
      input: <Input placeholder="如 sbwq_main（字母开头，字母、数字、下划线）" disabled={mode === 'edit'} />,
      rules: [zodRule(shape.code)],
      extra: mode === 'edit' ? '编码不能修改（在线报表按编码使用它）' : undefined,
    },
    { name: 'dbType', label: '数据库类型', required: true, input: <TypeSelect />, rules: [zodRule(shape.dbType)] },
    {
      name: 'host',
      label: '主机',
      required: true,
      input: <Input placeholder="域名或 IP 地址，如 10.0.0.5" spellCheck={false} />,
      rules: [zodRule(shape.host)],
    },
    {
      name: 'port',
      label: '端口',
      required: true,
      input: <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />,
      rules: [zodRule(shape.port)],
    },
    {
      name: 'databaseName',
      label: '数据库名',
      required: true,
      input: <Input placeholder="如 sbwq" spellCheck={false} />,
      rules: [zodRule(shape.databaseName)],
    },
    {
      name: 'username',
      label: '用户名',
      required: true,
      input: <Input placeholder="建议使用只读账号" spellCheck={false} autoComplete="off" />,
      rules: [zodRule(shape.username)],
    },
    {
      name: 'password',
      label: '密码',
      input: <Input.Password placeholder={saved ? '已设置，留空则不修改' : '没有密码可留空'} autoComplete="new-password" />,
      rules: [zodRule(shape.password)],
      extra: saved ? '密码加密保存，不会显示；修改类型、主机或端口时须重新填写' : '密码加密保存，保存后不再显示',
    },
    ...(saved ? [{ name: 'clearPassword', label: '清除密码', valuePropName: 'checked', input: <Checkbox>该账号没有密码，清除已保存的密码</Checkbox> }] : []),
    { name: 'remark', label: '备注', input: <Input.TextArea rows={2} placeholder="用途、负责人等" />, rules: [zodRule(shape.remark)] },
    { name: 'connectionTest', label: '连接测试', input: <ConnectionTest record={mode === 'edit' ? record : null} /> },
  ];
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

const toBody = (values: Record<string, unknown>, mode: FormMode, record: DataSourceRecord | null): DataSourceBody & { clearPassword?: boolean } => ({
  ...(mode === 'edit' && record ? { id: record.id } : {}),
  name: text(values.name),
  code: mode === 'edit' && record ? record.code : text(values.code),
  dbType: values.dbType as DataSourceTypeValue,
  host: text(values.host),
  port: Number(values.port),
  databaseName: text(values.databaseName),
  username: text(values.username),
  password: text(values.password) || null,
  remark: text(values.remark) || null,
  ...(values.clearPassword ? { clearPassword: true } : {}),
});

/** 多数据源 (sbwq/system/SysDataSourceList): the databases the online reports read; the password is never shown. */
export function SysDataSourceList() {
  const reload = useReloadList(LIST_KEY);
  const { rowActions } = useFlowActions(dataSourceFlow, { onChanged: reload });
  const definition = useMemo<ListDefinition<DataSourceRecord, DataSourceBody>>(
    () => ({
      key: LIST_KEY,
      ...resourceList(dataSourceResource, dataSourceApi),
      actionColumnWidth: 200,
      search: [
        { name: 'name', label: '数据源名称' },
        { name: 'code', label: '数据源编码' },
        { name: 'dbType', label: '数据库类型', type: 'select', options: TYPE_OPTIONS },
      ],
      columns: [
        { title: '数据源名称', dataIndex: 'name', sorter: true },
        { title: '编码', dataIndex: 'code', width: 140, render: (value: string) => <Typography.Text code>{value}</Typography.Text> },
        {
          title: '类型',
          dataIndex: 'dbType',
          width: 150,
          render: (value: string, source: DataSourceRecord) => (
            <Tag color={value === DataSourceType.postgresql ? 'blue' : 'orange'}>{source.dbType_dictText}</Tag>
          ),
        },
        {
          title: '地址',
          dataIndex: 'host',
          ellipsis: true,
          render: (_: unknown, source: DataSourceRecord) => `${source.host}:${source.port}/${source.databaseName}`,
        },
        { title: '用户名', dataIndex: 'username', width: 130 },
        { title: '密码', dataIndex: 'passwordSet', width: 90, align: 'center', render: (value: boolean) => (value ? '已设置' : '无') },
        { title: '备注', dataIndex: 'remark', ellipsis: true, defaultHidden: true },
        { title: '创建时间', dataIndex: 'createTime', width: 170, sorter: true, defaultHidden: true },
      ],
      detail: [
        { label: '数据源名称', field: 'name' },
        { label: '编码', field: 'code' },
        { label: '类型', field: 'dbType_dictText' },
        { label: '主机', field: 'host' },
        { label: '端口', field: 'port' },
        { label: '数据库名', field: 'databaseName' },
        { label: '用户名', field: 'username' },
        { label: '密码', render: (source: DataSourceRecord) => (source.passwordSet ? '已设置（加密保存，不显示）' : '无') },
        { label: '备注', field: 'remark' },
        { label: '创建时间', field: 'createTime' },
      ],
      form: {
        width: 720,
        fields,
        initialValues: { dbType: DataSourceType.postgresql, port: DEFAULT_PORTS[DataSourceType.postgresql] },
        load: (source: DataSourceRecord) => ({ ...source, password: '' }),
        toBody,
      },
      rowActions,
    }),
    [rowActions],
  );
  return <ListPage definition={definition} />;
}
