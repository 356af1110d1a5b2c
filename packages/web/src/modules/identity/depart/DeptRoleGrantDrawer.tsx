import { useQuery } from '@tanstack/react-query';
import { EditDrawer, SaveOrCloseButtons } from '../../../components/form/EditDrawer.tsx';
import { GrantTree } from '../../../components/tree/GrantTree.tsx';
import { EmptyData } from '../../../components/list/EmptyData.tsx';
import type { DepartRoleRecord } from '@sbwq/contracts';
import { useEditedFrom } from '../../../components/tree/useEditedFrom.ts';
import { useApiMutation } from '../../../platform/useApiMutation.ts';
import { deptRolePermissionIds, deptRoleTree, saveDeptRolePermission } from './depart.api.ts';

/** 授权 of a department role, within what its department may use (queryTreeListForDeptRole). */
export function DeptRoleGrantDrawer({ role, onClose }: { role: DepartRoleRecord | null; onClose: () => void }) {
  const tree = useQuery({
    queryKey: ['system', 'depart', 'roleTree', role?.departId],
    queryFn: () => deptRoleTree(role!.departId),
    enabled: Boolean(role),
    staleTime: 0,
  });
  const granted = useQuery({
    queryKey: ['system', 'depart', 'roleGranted', role?.id],
    queryFn: () => deptRolePermissionIds(role!.id),
    enabled: Boolean(role),
    staleTime: 0,
    gcTime: 0,
  });
  const [checked, setChecked] = useEditedFrom(granted.data, granted.data ?? []);

  const saving = useApiMutation(
    ({ roleId, ids }: { roleId: string; ids: string[]; close: boolean }) => saveDeptRolePermission(roleId, ids, granted.data ?? []),
    {
      onSuccess: (_, { close }) => {
        void granted.refetch();
        if (close) onClose();
      },
    },
  );
  const save = (close: boolean) => role && saving.run({ roleId: role.id, ids: checked, close });

  const empty = !tree.isLoading && (tree.data?.treeList ?? []).length === 0;
  return (
    <EditDrawer
      title={`部门角色权限配置${role ? `：${role.roleName}` : ''}`}
      open={Boolean(role)}
      onClose={onClose}
      size={600}
      actions={<SaveOrCloseButtons onSave={save} saving={saving.isPending} disabled={empty} />}
    >
      {empty ? (
        <EmptyData description="本部门尚未设置部门权限，请先在“部门权限”中授权" />
      ) : (
        <GrantTree nodes={tree.data?.treeList ?? []} checked={checked} onChange={setChecked} loading={tree.isLoading || granted.isLoading} />
      )}
    </EditDrawer>
  );
}
