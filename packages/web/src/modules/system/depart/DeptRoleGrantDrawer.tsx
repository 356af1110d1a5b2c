import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Space } from 'antd';
import { GrantTree } from '../../../components/tree/GrantTree.tsx';
import { EmptyData } from '../../../components/list/EmptyData.tsx';
import type { DepartRoleRecord } from '@sbwq/contracts';
import { useEditedFrom } from '../../../components/tree/useEditedFrom.ts';
import { useApiMutation } from '../../../platform/useApiMutation.ts';
import { deptRolePermissionIds, deptRoleTree, saveDeptRolePermission } from './depart.api.ts';

/** 授权 of a department role, within what its department may use (queryTreeListForDeptRole). */
export function DeptRoleGrantDrawer({ role, onClose }: { role: DepartRoleRecord | null; onClose: () => void }) {
  const tree = useQuery({ queryKey: ['system', 'depart', 'roleTree', role?.departId], queryFn: () => deptRoleTree(role!.departId), enabled: Boolean(role), staleTime: 0 });
  const granted = useQuery({ queryKey: ['system', 'depart', 'roleGranted', role?.id], queryFn: () => deptRolePermissionIds(role!.id), enabled: Boolean(role), staleTime: 0, gcTime: 0 });
  const [checked, setChecked] = useEditedFrom(granted.data, granted.data ?? []);

  const saving = useApiMutation(({ roleId, ids }: { roleId: string; ids: string[]; close: boolean }) => saveDeptRolePermission(roleId, ids, granted.data ?? []), {
    onSuccess: (_, { close }) => {
      void granted.refetch();
      if (close) onClose();
    },
  });
  const save = (close: boolean) => role && saving.run({ roleId: role.id, ids: checked, close });

  const empty = !tree.isLoading && (tree.data?.treeList ?? []).length === 0;
  return (
    <Drawer
      title={`部门角色权限配置${role ? `：${role.roleName}` : ''}`}
      open={Boolean(role)}
      onClose={onClose}
      size={600}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={() => save(false)} loading={saving.isPending} disabled={empty}>
            仅保存
          </Button>
          <Button type="primary" onClick={() => save(true)} loading={saving.isPending} disabled={empty}>
            保存并关闭
          </Button>
          <Button onClick={onClose}>取消</Button>
        </Space>
      }
    >
      {empty ? (
        <EmptyData description="本部门尚未设置部门权限，请先在“部门权限”中授权" />
      ) : (
        <GrantTree nodes={tree.data?.treeList ?? []} checked={checked} onChange={setChecked} loading={tree.isLoading || granted.isLoading} />
      )}
    </Drawer>
  );
}
