import { PositionPerm } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { Input, Select, TreeSelect, type SelectProps, type TreeSelectProps } from 'antd';
import { EmptyData } from '../../../components/list/EmptyData.tsx';
import { useAccess } from '../../../components/access/useAccess.ts';
import { allRoles, departIdTree } from '../user/user.api.ts';
import { allPositions } from '../position/position.api.ts';

/** Pickers of roles, departments and positions shared by the system screens (value in, value out). */

export function RoleSelect(props: Omit<SelectProps<string[]>, 'options' | 'mode'>) {
  const roles = useQuery({ queryKey: ['system', 'roles', 'all'], queryFn: allRoles });
  return (
    <Select<string[]>
      mode="multiple"
      allowClear
      placeholder="请选择角色"
      {...props}
      loading={roles.isLoading}
      options={(roles.data ?? []).map((role) => ({ value: role.id, label: role.roleName }))}
      showSearch={{ optionFilterProp: 'label' }}
      notFoundContent={<EmptyData />}
    />
  );
}

export function useDepartIdTree() {
  return useQuery({ queryKey: ['system', 'departs', 'idTree'], queryFn: departIdTree });
}

export function DepartTreeSelect(props: Omit<TreeSelectProps<string | string[]>, 'treeData'>) {
  const tree = useDepartIdTree();
  return (
    <TreeSelect<string | string[]>
      allowClear
      placeholder="请选择部门"
      treeDefaultExpandAll
      {...props}
      loading={tree.isLoading}
      treeData={tree.data ?? []}
      showSearch={{ treeNodeFilterProp: 'title' }}
      notFoundContent={<EmptyData />}
    />
  );
}

/** 职务: a select of the tenant's positions when the user may list them, else the code typed in. */
export function PositionSelect({ id, value, onChange }: { id?: string; value?: string | null; onChange?: (value: string | undefined) => void }) {
  const { can } = useAccess();
  const allowed = can(PositionPerm.list);
  const positions = useQuery({ queryKey: ['system', 'positions', 'all'], queryFn: allPositions, enabled: allowed });
  if (!allowed)
    return <Input id={id} value={value ?? undefined} onChange={(event) => onChange?.(event.target.value || undefined)} placeholder="请输入职务编码" />;
  return (
    <Select<string>
      id={id}
      allowClear
      placeholder="请选择职务"
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? undefined)}
      loading={positions.isLoading}
      options={(positions.data ?? []).map((position) => ({ value: position.code, label: position.name }))}
      showSearch={{ optionFilterProp: 'label' }}
      notFoundContent={<EmptyData />}
    />
  );
}
