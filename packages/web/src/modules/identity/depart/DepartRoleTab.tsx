import { DepartPerm, departRoleBody, departRoleResource, type DepartRoleRecord, type DepartTreeNode } from '@sbwq/contracts';
import { Input } from 'antd';
import { useMemo, useState } from 'react';
import { zodRule } from '../../../components/form/zodRule.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { ListDefinition } from '../../../components/list/types.ts';
import { departRoleApi, type DepartRoleBody } from './depart.api.ts';
import { DeptRoleGrantDrawer } from './DeptRoleGrantDrawer.tsx';

const CODE = DepartPerm.role;
const shape = departRoleBody.shape;
export const DEPART_ROLE_LIST_KEY = 'system-depart-roles';

/** 部门角色: the department's own roles (/sys/sysDepartRole/*) and their grants. */
export function DepartRoleTab({ depart }: { depart: DepartTreeNode }) {
  const [granting, setGranting] = useState<DepartRoleRecord | null>(null);
  const definition = useMemo<ListDefinition<DepartRoleRecord, DepartRoleBody>>(
    () => ({
      key: DEPART_ROLE_LIST_KEY,
      entity: '部门角色',
      permission: DepartPerm,
      codes: departRoleResource.perm,
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
          { name: 'roleName', label: '部门角色名称', required: true, input: <Input placeholder="请输入部门角色名称" />, rules: [zodRule(shape.roleName)] },
          {
            name: 'roleCode',
            label: '部门角色编码',
            required: true,
            input: <Input placeholder="请输入部门角色编码" disabled={mode === 'edit'} />,
            rules: [zodRule(shape.roleCode)],
          },
          { name: 'description', label: '描述', input: <Input.TextArea rows={3} />, rules: [zodRule(shape.description)] },
        ],
        toBody: (values, mode, record) => ({
          ...(values as DepartRoleBody),
          departId: depart.id,
          ...(mode === 'edit' && record ? { id: record.id, roleCode: record.roleCode ?? '' } : {}),
        }),
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
