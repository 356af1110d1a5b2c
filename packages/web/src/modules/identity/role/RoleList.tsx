import { roleBody, RolePerm, roleResource, type RoleRecord } from '@sbwq/contracts';
import { Input } from 'antd';
import { useMemo, useState } from 'react';
import { serverCheckRule, zodRule } from '../../../components/form/zodRule.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { FormMode, ListDefinition } from '../../../components/list/types.ts';
import { checkRoleCode, roleApi, type RoleBody } from './role.api.ts';
import { RoleGrantDrawer } from './RoleGrantDrawer.tsx';
import { RoleUserDrawer } from './RoleUserDrawer.tsx';
import { resourceList } from '../../../components/list/resourceList.ts';

const shape = roleBody.shape;

function roleFields(mode: FormMode, record: RoleRecord | null) {
  return [
    { name: 'roleName', label: '角色名称', required: true, input: <Input placeholder="请输入角色名称" />, rules: [zodRule(shape.roleName)] },
    {
      name: 'roleCode',
      label: '角色编码',
      required: true,
      input: <Input placeholder="请输入角色编码" disabled={mode === 'edit'} />,
      rules: mode === 'add' ? [zodRule(shape.roleCode), serverCheckRule((value) => checkRoleCode(value, record?.id))] : [],
      validateDebounce: mode === 'add' ? 400 : undefined,
    },
    { name: 'description', label: '描述', input: <Input.TextArea rows={4} placeholder="请输入描述" />, rules: [zodRule(shape.description)] },
  ];
}

/** 角色管理 (system/RoleList). */
export function RoleList() {
  const [granting, setGranting] = useState<RoleRecord | null>(null);
  const [members, setMembers] = useState<RoleRecord | null>(null);

  const definition = useMemo<ListDefinition<RoleRecord, RoleBody>>(
    () => ({
      key: 'system-role',
      ...resourceList(roleResource, roleApi),
      actionColumnWidth: 260,
      search: [
        { name: 'roleName', label: '名称' },
        { name: 'roleCode', label: '编码' },
        { name: 'createTime', label: '创建时间', type: 'dateRange', hidden: true },
      ],
      columns: [
        { title: '角色名称', dataIndex: 'roleName', sorter: true },
        { title: '角色编码', dataIndex: 'roleCode', sorter: true },
        { title: '描述', dataIndex: 'description', ellipsis: true },
        { title: '创建时间', dataIndex: 'createTime', kind: 'datetime', sorter: true },
      ],
      form: {
        width: 700,
        fields: roleFields,
        toBody: (values, mode, record) => ({ ...(values as RoleBody), ...(mode === 'edit' && record ? { id: record.id, roleCode: record.roleCode } : {}) }),
      },
      rowActions: [
        { key: 'grant', label: '授权', code: RolePerm.grant, inline: true, onClick: (role) => setGranting(role) },
        { key: 'users', label: '用户', code: RolePerm.user, inline: true, onClick: (role) => setMembers(role) },
      ],
    }),
    [],
  );

  return (
    <>
      <ListPage definition={definition} />
      <RoleGrantDrawer role={granting} onClose={() => setGranting(null)} />
      <RoleUserDrawer role={members} onClose={() => setMembers(null)} />
    </>
  );
}
