import {
  ADMIN_ROLE_CODE,
  OnlReportPerm,
  REPORT_ACCESS,
  REPORT_ACCESS_LABELS,
  reportAddBody,
  reportResource,
  type ReportAccess,
  type ReportColumn,
  type ReportParam,
  type ReportRecord,
} from '@sbwq/contracts';
import { Form, Input, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { zodRule } from '../../../components/form/zodRule.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { FormMode, ListDefinition } from '../../../components/list/types.ts';
import { reportCalls } from '../../../components/popup/report.calls.ts';
import { http } from '../../../platform/http.ts';
import { showAnswer, showFailure, unwrap } from '../../../platform/result.ts';
import { reportApi, type ReportBody } from './report.api.ts';
import { ReportColumnsEditor, ReportParamsEditor } from './ReportColumnsEditor.tsx';
import { RoleSelect } from '../../identity/shared/SystemSelects.tsx';
import { allRoles } from '../../identity/user/user.api.ts';
import { resourceList } from '../../../components/list/resourceList.ts';

const shape = reportAddBody.shape;

/** The 多数据源 sources a report can run on (the stock screen's /sys/dataSource/options); empty: the main database. */
function DataSourceSelect({ id, value, onChange }: { id?: string; value?: string | null; onChange?: (value: string | null) => void }) {
  const options = useQuery({
    queryKey: ['system', 'report', 'data-sources'],
    queryFn: async () => unwrap(await reportCalls.dataSourceOptions(undefined)),
    staleTime: 30_000,
  });
  return (
    <Select
      id={id}
      allowClear
      value={value || undefined}
      loading={options.isFetching}
      placeholder="主数据库"
      options={(options.data ?? []).map((o) => ({ value: o.value, label: `${o.label}（${o.value}）` }))}
      onChange={(v: string | undefined) => onChange?.(v ?? null)}
    />
  );
}

function fields(mode: FormMode) {
  return [
    { name: 'name', label: '报表名称', required: true, input: <Input placeholder="如 机构申请统计" />, rules: [zodRule(shape.name)] },
    {
      name: 'code',
      label: '报表编码',
      required: true,
      input: <Input placeholder="字母开头，字母、数字、下划线" disabled={mode === 'edit'} />,
      rules: [zodRule(shape.code)],
      extra: '菜单地址为 /online/cgreport/<报表编码>',
    },
    {
      name: 'access',
      label: '可用范围',
      required: true,
      input: <Select options={REPORT_ACCESS.map((a) => ({ value: a, label: REPORT_ACCESS_LABELS[a] }))} />,
      extra: '管理员总可查看；“所有登录用户”的报表请用 #{my_org_id} 限定本机构数据',
    },
    {
      name: 'dbSource',
      label: '数据源',
      input: <DataSourceSelect />,
      rules: [zodRule(shape.dbSource)],
      extra: '系统管理 → 多数据源 中的 PostgreSQL 数据源；留空在主数据库上运行',
    },
    {
      name: 'cgrSql',
      label: '报表SQL',
      required: true,
      input: (
        <Input.TextArea
          rows={6}
          placeholder={'select … from …  （仅一条 SELECT；参数写 ${参数名}，系统变量 #{sys_user_code}、#{sys_org_code}、#{my_org_id}）'}
          style={{ fontFamily: 'monospace' }}
        />
      ),
      rules: [zodRule(shape.cgrSql)],
    },
    { name: 'params', label: '报表参数', input: <ReportParamsEditor /> },
    {
      name: 'columns',
      label: '报表字段',
      required: true,
      input: <ReportColumnsEditor />,
      rules: [
        {
          validator: async (_: unknown, v?: ReportColumn[]) => {
            if (!v?.length) throw new Error('请至少配置一个字段（可点“解析SQL”自动生成）');
          },
        },
      ],
    },
    { name: 'content', label: '描述', input: <Input.TextArea rows={2} />, rules: [zodRule(shape.content)] },
  ];
}

const toBody = (values: Record<string, unknown>, mode: FormMode, record: ReportRecord | null): ReportBody => ({
  ...(mode === 'edit' && record ? { id: record.id } : {}),
  name: String(values.name ?? ''),
  code: mode === 'edit' && record ? record.code : String(values.code ?? ''),
  cgrSql: String(values.cgrSql ?? ''),
  dbSource: (values.dbSource as string | undefined) || null,
  access: (values.access as ReportAccess | undefined) ?? 'menu',
  content: (values.content as string | undefined) || null,
  columns: (values.columns as ReportColumn[] | undefined) ?? [],
  params: (values.params as ReportParam[] | undefined) ?? [],
});

type MenuNode = { id: string; component?: string; meta?: { title?: string }; children?: MenuNode[] };

/**
 * 添加到菜单: choose the section and the roles that see the entry (the administrator's preselected); the
 * row gets the stock report component and the code in its address, and those roles' users get it on
 * their next menu load.
 */
function AddMenuDialog({ report, onClose }: { report: ReportRecord | null; onClose: () => void }) {
  const [parentId, setParentId] = useState<string>();
  const [roleIds, setRoleIds] = useState<string[]>();
  const [saving, setSaving] = useState(false);
  const sections = useQuery({
    queryKey: ['report', 'menu-sections'],
    enabled: report !== null,
    queryFn: async ({ signal }) => {
      const answer = await http.get<{ menu: MenuNode[] }>('/sys/permission/getUserPermissionByToken', undefined, { signal });
      return answer.result.menu.filter((m) => (m.component ?? '').startsWith('layouts')).map((m) => ({ value: m.id, label: m.meta?.title ?? m.id }));
    },
  });
  const roles = useQuery({ queryKey: ['system', 'roles', 'all'], queryFn: allRoles, enabled: report !== null });
  const adminId = roles.data?.find((r) => r.roleCode === ADMIN_ROLE_CODE)?.id;
  const chosen = roleIds ?? (adminId ? [adminId] : []);
  const close = () => {
    setParentId(undefined);
    setRoleIds(undefined);
    onClose();
  };
  return (
    <Modal
      open={report !== null}
      title={`添加到菜单：${report?.name ?? ''}`}
      okText="添加"
      confirmLoading={saving}
      onCancel={close}
      onOk={async () => {
        if (!report) return;
        setSaving(true);
        try {
          if (showAnswer(await reportCalls.addMenu({ id: report.id, parentId: parentId ?? '', roleIds: chosen }))) close();
        } catch (error) {
          showFailure(error);
        } finally {
          setSaving(false);
        }
      }}
    >
      <Form layout="vertical">
        <Form.Item label="上级菜单" required htmlFor="report-menu-parent">
          <Select
            id="report-menu-parent"
            value={parentId}
            onChange={setParentId}
            options={sections.data ?? []}
            placeholder="请选择上级菜单"
            loading={sections.isFetching}
          />
        </Form.Item>
        <Form.Item label="授权角色" required htmlFor="report-menu-roles" extra="所选角色的用户下次加载菜单时即可看到该入口">
          <RoleSelect id="report-menu-roles" value={chosen} onChange={(next) => setRoleIds(next ?? [])} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Online报表 (在线开发): report configurations; the SQL is checked by the server when parsed and when saved. */
export function OnlCgreportHeadList() {
  const [menuFor, setMenuFor] = useState<ReportRecord | null>(null);
  const definition: ListDefinition<ReportRecord, ReportBody> = {
    key: 'online-cgreport',
    ...resourceList(reportResource, reportApi),
    search: [
      { name: 'name', label: '报表名称' },
      { name: 'code', label: '报表编码' },
    ],
    columns: [
      { title: '报表名称', dataIndex: 'name', ellipsis: true },
      { title: '报表编码', dataIndex: 'code' },
      { title: '可用范围', dataIndex: 'access', render: (v: ReportAccess) => REPORT_ACCESS_LABELS[v] },
      { title: '描述', dataIndex: 'content', ellipsis: true, defaultHidden: true },
      { title: '创建时间', dataIndex: 'createTime', kind: 'datetime', sorter: true },
    ],
    detail: false,
    form: { width: 1100, fields, toBody, initialValues: { access: 'menu', columns: [], params: [] } },
    rowActions: [{ key: 'menu', label: '添加到菜单', code: OnlReportPerm.add, inline: true, onClick: (row) => setMenuFor(row) }],
  };
  return (
    <>
      <ListPage definition={definition} />
      <AddMenuDialog report={menuFor} onClose={() => setMenuFor(null)} />
    </>
  );
}
