import type { RoleRecord } from '@sbwq/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useCallback, useState } from 'react';
import { EditDrawer, SaveOrCloseButtons } from '../../../components/form/EditDrawer.tsx';
import { GrantTree, type GrantNode } from '../../../components/tree/GrantTree.tsx';
import { useEditedFrom } from '../../../components/tree/useEditedFrom.ts';
import { useApiMutation } from '../../../platform/useApiMutation.ts';
import { roleDataRules, roleGrantTree, rolePermissionIds, saveRoleDataRules, saveRolePermission } from './role.api.ts';
import { DataRuleGrantDrawer } from './RoleDataRuleDrawer.tsx';

/**
 * 授权: the role's menus and buttons (GET /sys/role/queryTreeList, queryRolePermission), saved as the
 * new and the previous grant (saveRolePermission). Menus with data rules (ruleFlag 1) offer 数据规则.
 */
export function RoleGrantDrawer({ role, onClose }: { role: RoleRecord | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const tree = useQuery({ queryKey: ['system', 'role', 'grantTree'], queryFn: roleGrantTree, enabled: Boolean(role), staleTime: 0 });
  const granted = useQuery({
    queryKey: ['system', 'role', 'granted', role?.id],
    queryFn: () => rolePermissionIds(role!.id),
    enabled: Boolean(role),
    staleTime: 0,
    gcTime: 0,
  });
  const [checked, setChecked] = useEditedFrom(granted.data, granted.data ?? []);
  const [ruleMenu, setRuleMenu] = useState<{ id: string; title: string } | null>(null);

  const saving = useApiMutation(({ roleId, ids }: { roleId: string; ids: string[]; close: boolean }) => saveRolePermission(roleId, ids, granted.data ?? []), {
    onSuccess: (_, { roleId, close }) => {
      void queryClient.invalidateQueries({ queryKey: ['system', 'role', 'granted', roleId] });
      if (close) onClose();
    },
  });
  const save = (close: boolean) => role && saving.run({ roleId: role.id, ids: checked, close });

  const renderExtra = useCallback(
    (node: GrantNode) =>
      node.ruleFlag === 1 ? (
        <Button
          type="link"
          size="small"
          onClick={(event) => {
            event.stopPropagation();
            setRuleMenu({ id: node.key, title: node.slotTitle ?? node.title ?? '' });
          }}
        >
          数据规则
        </Button>
      ) : null,
    [],
  );

  return (
    <EditDrawer
      title={`角色权限配置${role ? `：${role.roleName}` : ''}`}
      open={Boolean(role)}
      onClose={onClose}
      size={650}
      actions={<SaveOrCloseButtons onSave={save} saving={saving.isPending} />}
    >
      <GrantTree
        nodes={tree.data?.treeList ?? []}
        checked={checked}
        onChange={setChecked}
        loading={tree.isLoading || granted.isLoading}
        renderExtra={renderExtra}
      />
      <DataRuleGrantDrawer
        menu={ruleMenu}
        scope={`role:${role?.id}`}
        load={(permissionId) => roleDataRules(permissionId, role!.id)}
        save={(permissionId, ids) => saveRoleDataRules(permissionId, role!.id, ids)}
        onClose={() => setRuleMenu(null)}
      />
    </EditDrawer>
  );
}
