import type { DepartTreeNode } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { GrantTree } from '../../../components/tree/GrantTree.tsx';
import { useEditedFrom } from '../../../components/tree/useEditedFrom.ts';
import { useApiMutation } from '../../../platform/useApiMutation.ts';
import { roleGrantTree } from '../role/role.api.ts';
import { departPermissionIds, saveDepartPermission } from './depart.api.ts';

/**
 * 部门权限: what the department's roles may be granted (queryDepartPermission / saveDepartPermission);
 * the tree is the role grant tree (JeecgBoot's DepartAuthModal uses the same call).
 */
export function DepartPermissionTab({ depart }: { depart: DepartTreeNode }) {
  const tree = useQuery({ queryKey: ['system', 'role', 'grantTree'], queryFn: roleGrantTree, staleTime: 0 });
  const granted = useQuery({
    queryKey: ['system', 'depart', 'permissions', depart.id],
    queryFn: () => departPermissionIds(depart.id),
    staleTime: 0,
    gcTime: 0,
  });
  const [checked, setChecked] = useEditedFrom(granted.data, granted.data ?? []);

  const saving = useApiMutation((ids: string[]) => saveDepartPermission(depart.id, ids, granted.data ?? []), { onSuccess: () => void granted.refetch() });

  return (
    <div>
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title="部门权限是本部门的部门角色可授予的范围。" />
      <GrantTree nodes={tree.data?.treeList ?? []} checked={checked} onChange={setChecked} loading={tree.isLoading || granted.isLoading} />
      <Button type="primary" loading={saving.isPending} onClick={() => saving.run(checked)} style={{ marginTop: 16 }}>
        保存
      </Button>
    </div>
  );
}
