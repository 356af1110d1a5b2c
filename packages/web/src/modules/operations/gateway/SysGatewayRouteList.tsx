import {
  GATEWAY_METHODS,
  gatewayPermissionProblem,
  gatewayRouteAddBody,
  GatewayStatus,
  GatewayMsg,
  gatewayRouteResource,
  type GatewayRouteRecord,
  type GatewayUpstream,
} from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Input, Radio, Select, Space, Tag, Typography, type FormRule } from 'antd';
import { useMemo } from 'react';
import { NumberTextInput } from '../../../components/form/NumberTextInput.tsx';
import { zodRule } from '../../../components/form/zodRule.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { FormMode, ListDefinition } from '../../../components/list/types.ts';
import { unwrap } from '../../../platform/result.ts';
import { gatewayRouteApi, gatewayRouteCalls, type GatewayRouteBody } from './gateway.api.ts';
import { resourceList } from '../../../components/list/resourceList.ts';

const shape = gatewayRouteAddBody.shape;
const YES_NO = [
  { value: 1, label: '是' },
  { value: 0, label: '否' },
];
/** The contract's cross-field rule, on the form: a code only on a route that needs sign-in. */
const permissionWithLogin: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: unknown) => {
    const permission = typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
    const problem = gatewayPermissionProblem({ needLogin: Number(getFieldValue('needLogin') ?? 1), permission });
    if (problem) throw new Error(problem);
  },
});
const STATUS_OPTIONS = [
  { value: GatewayStatus.enabled, label: '启用' },
  { value: GatewayStatus.disabled, label: '停用' },
];

function fields(mode: FormMode, upstreams: GatewayUpstream[]) {
  return [
    { name: 'name', label: '路由名称', required: true, input: <Input placeholder="如 商标公告查询" />, rules: [zodRule(shape.name)] },
    {
      name: 'routerId',
      label: '路由编码',
      required: true,
      input: <Input placeholder="如 cnipa-announcement" autoComplete="off" />,
      rules: [zodRule(shape.routerId)],
      extra: mode === 'add' ? '字母开头，只含字母、数字、_ -，不能重复' : undefined,
    },
    {
      name: 'pathPrefix',
      label: '路径前缀',
      required: true,
      input: <Input placeholder="/gateway/cnipa/announcement" autoComplete="off" spellCheck={false} />,
      rules: [zodRule(shape.pathPrefix)],
      extra: '以 /gateway/ 开头；请求 /gateway/… 按此前缀匹配',
    },
    {
      name: 'upstream',
      label: '上游服务',
      required: true,
      input: (
        <Select
          placeholder={upstreams.length === 0 ? '未配置上游服务白名单' : '请选择上游服务'}
          disabled={upstreams.length === 0}
          options={upstreams.map((u) => ({ value: u.name, label: `${u.name}（${u.url}）` }))}
        />
      ),
      rules: [zodRule(shape.upstream)],
      extra: '只能从服务器环境变量 GATEWAY_UPSTREAMS 的白名单中选择',
    },
    {
      name: 'methods',
      label: '请求方法',
      input: <Select mode="multiple" allowClear placeholder="不选表示所有方法" options={GATEWAY_METHODS.map((m) => ({ value: m, label: m }))} />,
    },
    { name: 'headerName', label: '请求头名称', input: <Input placeholder="可不填，如 X-Platform" autoComplete="off" />, rules: [zodRule(shape.headerName)] },
    {
      name: 'headerValue',
      label: '请求头取值',
      input: <Input placeholder="与名称同时填写，须完全相同才匹配" autoComplete="off" />,
      dependencies: ['headerName'],
    },
    {
      name: 'stripPrefix',
      label: '去掉前缀',
      input: <Radio.Group aria-label="去掉前缀" options={YES_NO} />,
      extra: '是：/gateway/a/x 转发为 上游/x；否：转发为 上游/gateway/a/x',
    },
    {
      name: 'needLogin',
      label: '需要登录',
      input: <Radio.Group aria-label="需要登录" options={YES_NO} />,
      extra: '是：须带本系统的登录令牌，且账号已通过审核（自助注册、尚未入驻的账号不能调用）；令牌本身不会转发给上游',
    },
    {
      name: 'permission',
      label: '权限编码',
      input: <Input placeholder="可不填，如 gateway:cnipa:call" autoComplete="off" spellCheck={false} />,
      rules: [zodRule(shape.permission), permissionWithLogin],
      dependencies: ['needLogin'],
      extra: '需要登录时可填：调用者还须通过角色拥有此权限（在菜单管理中建按钮权限并授权给角色）',
    },
    { name: 'sortOrder', label: '排序', required: true, input: <NumberTextInput placeholder="0到9999，小的先匹配" />, rules: [zodRule(shape.sortOrder)] },
    { name: 'status', label: '状态', input: <Radio.Group aria-label="状态" options={STATUS_OPTIONS} /> },
    { name: 'remark', label: '备注', input: <Input.TextArea rows={2} placeholder="请输入备注" />, rules: [zodRule(shape.remark)] },
  ];
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

const toBody = (values: Record<string, unknown>, mode: FormMode, record: GatewayRouteRecord | null): GatewayRouteBody => ({
  ...(mode === 'edit' && record ? { id: record.id } : {}),
  name: String(values.name ?? ''),
  routerId: String(values.routerId ?? ''),
  pathPrefix: String(values.pathPrefix ?? ''),
  upstream: String(values.upstream ?? ''),
  methods: (values.methods as GatewayRouteBody['methods'] | undefined) ?? [],
  headerName: text(values.headerName),
  headerValue: text(values.headerValue),
  stripPrefix: Number(values.stripPrefix ?? 1) as 0 | 1,
  needLogin: Number(values.needLogin ?? 1) as 0 | 1,
  permission: text(values.permission),
  sortOrder: Number(values.sortOrder ?? 0),
  status: Number(values.status ?? GatewayStatus.enabled) as 0 | 1,
  remark: text(values.remark),
});

function predicateText(route: GatewayRouteRecord) {
  const parts = [route.methods.length > 0 ? route.methods.join('/') : '所有方法'];
  if (route.headerName) parts.push(`${route.headerName}: ${route.headerValue ?? ''}`);
  return parts.join('；');
}

/** 路由网关 (sbwq/system/SysGatewayRouteList): routes served under /gateway/, forwarded to allow-listed upstreams. */
export function SysGatewayRouteList() {
  const upstreamQuery = useQuery({
    queryKey: ['system', 'gatewayRoute', 'upstreams'],
    queryFn: async ({ signal }) => unwrap(await gatewayRouteCalls.upstreams(undefined, { signal })),
    staleTime: 60_000,
  });
  const upstreams = useMemo(() => upstreamQuery.data ?? [], [upstreamQuery.data]);

  const definition = useMemo<ListDefinition<GatewayRouteRecord, GatewayRouteBody>>(
    () => ({
      key: 'system-gateway-route',
      ...resourceList(gatewayRouteResource, gatewayRouteApi),
      detail: false,
      actionColumnWidth: 140,
      search: [
        { name: 'name', label: '路由名称' },
        { name: 'pathPrefix', label: '路径前缀' },
        { name: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
      ],
      columns: [
        {
          title: '路由',
          dataIndex: 'name',
          render: (_: unknown, route: GatewayRouteRecord) => (
            <Space orientation="vertical" size={0}>
              <span>{route.name}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {route.routerId}
              </Typography.Text>
            </Space>
          ),
        },
        { title: '路径前缀', dataIndex: 'pathPrefix', width: 220, render: (value: string) => <Typography.Text code>{value}</Typography.Text> },
        {
          title: '上游服务',
          dataIndex: 'upstream',
          width: 200,
          render: (value: string, route: GatewayRouteRecord) =>
            route.upstreamUrl ? (
              <span title={route.upstreamUrl}>{value}</span>
            ) : (
              <Space size={4}>
                {value}
                <Tag color="warning">不在白名单</Tag>
              </Space>
            ),
        },
        { title: '匹配条件', key: 'predicates', width: 200, render: (_: unknown, route: GatewayRouteRecord) => predicateText(route) },
        { title: '需要登录', dataIndex: 'needLogin', width: 90, align: 'center', render: (value: number) => (value === 1 ? '是' : '否') },
        {
          title: '权限编码',
          dataIndex: 'permission',
          width: 180,
          render: (value: string | null) => (value ? <Typography.Text code>{value}</Typography.Text> : '—'),
        },
        {
          title: '去掉前缀',
          dataIndex: 'stripPrefix',
          width: 90,
          align: 'center',
          defaultHidden: true,
          render: (value: number) => (value === 1 ? '是' : '否'),
        },
        { title: '排序', dataIndex: 'sortOrder', width: 70, align: 'center' },
        {
          title: '状态',
          dataIndex: 'status',
          width: 80,
          align: 'center',
          render: (value: number) => (
            <Tag color={value === GatewayStatus.enabled ? 'green' : 'default'}>{value === GatewayStatus.enabled ? '启用' : '停用'}</Tag>
          ),
        },
        { title: '备注', dataIndex: 'remark', ellipsis: true, defaultHidden: true },
      ],
      form: {
        width: 720,
        fields: (mode) => fields(mode, upstreams),
        initialValues: { stripPrefix: 1, needLogin: 1, sortOrder: 0, status: GatewayStatus.enabled, methods: [] },
        toBody,
      },
    }),
    [upstreams],
  );

  return (
    <>
      {upstreamQuery.isSuccess &&
        (upstreams.length === 0 ? (
          <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={GatewayMsg.noUpstreams} />
        ) : (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title={`网关地址为 /gateway/…，按排序匹配第一条已启用的路由；可用上游服务：${upstreams.map((u) => u.name).join('、')}`}
          />
        ))}
      <ListPage definition={definition} />
    </>
  );
}
