import type { DepartTreeNode } from '@sbwq/contracts';
import { Input } from 'antd';
import { useMemo, useState } from 'react';
import { zodRule } from '../../../components/form/zodRule.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { ListDefinition } from '../../../components/list/types.ts';
import { roleBody } from '@sbwq/contracts';
import { departRoleApi, type DepartRole, type DepartRoleBody } from './depart.api.ts';
import { DeptRoleGrantDrawer } from './DeptRoleGrantDrawer.tsx';

const CODE = 'system:depart:role';
export const DEPART_ROLE_LIST_KEY = 'system-depart-roles';

/** 部门角色: the department's own roles (/sys/sysDepartRole/*) and their grants. */
export function DepartRoleTab({ depart }: { depart: DepartTreeNode }) {
  const [granting, setGranting] = useState<DepartRole | null>(null);
  const definition = useMemo<ListDefinition<DepartRole, DepartRoleBody>>(
    () => ({
      key: DEPART_ROLE_LIST_KEY,
      entity: '部门角色',
      permission: 'system:depart',
      codes: { add: CODE, edit: CODE, delete: CODE },
      api: departRoleApi,
      defaultSort: null,
      detail: false,
      columns: [
        { title: '部门角色名称', dataIndex: 'roleName' },
        { title: '部门角色编码', dataIndex: 'roleCode' },
        { title: '描述', dataIndex: 'description', ellipsis: true },
      ],
      form: {
        width: 640,
        fields: (mode) => [
          { name: 'roleName', label: '部门角色名称', required: true, input: <Input placeholder="请输入部门角色名称" />, rules: [{ required: true, message: '请输入部门角色名称' }, { max: 100, message: '长度不能超过100个字符' }] },
          { name: 'roleCode', label: '部门角色编码', required: true, input: <Input placeholder="请输入部门角色编码" disabled={mode === 'edit'} />, rules: [zodRule(roleBody.shape.roleCode)] },
          { name: 'description', label: '描述', input: <Input.TextArea rows={3} />, rules: [{ max: 255, message: '长度不能超过255个字符' }] },
        ],
        toBody: (values, mode, record) => ({ ...(values as DepartRoleBody), departId: depart.id, ...(mode === 'edit' && record ? { id: record.id, roleCode: record.roleCode } : {}) }),
      },
      rowActions: [{ key: 'grant', label: '授权', code: CODE, inline: true, onClick: (role) => setGranting(role) }],
    }),
    [depart.id],
  );

  return (
    <>
      <ListPage embedded definition={definition} params={{ deptId: depart.id }} />
      <DeptRoleGrantDrawer role={granting} onClose={() => setGranting(null)} />
    </>
  );
}
