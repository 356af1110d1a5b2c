import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Empty, Spin, Tag } from 'antd';
import { useDictItems, dictText } from '../../../components/dict/useDictItems.ts';
import { EditDrawer } from '../../../components/form/EditDrawer.tsx';
import type { DataRuleGrant, Envelope } from '@sbwq/contracts';
import { useEditedFrom } from '../../../components/tree/useEditedFrom.ts';
import { useApiMutation } from '../../../platform/useApiMutation.ts';

type DataRuleDrawerProps = {
  /** the menu whose rules are granted, or null when closed */
  menu: { id: string; title: string } | null;
  /** whose grant this is (role id, department-role id), for the query cache */
  scope: string;
  load: (permissionId: string) => Promise<Envelope<DataRuleGrant | null>>;
  save: (permissionId: string, ruleIds: string[]) => Promise<Envelope<unknown>>;
  onClose: () => void;
};

/**
 * 数据规则 of one menu for a role (JEECG-API §3.3 datarule): which of the menu's rules apply to the
 * role's list queries. The server answers 未找到权限配置信息 for a menu without rules and
 * 请先保存角色菜单权限! when the role lacks the menu.
 */
export function DataRuleGrantDrawer({ menu, scope, load, save, onClose }: DataRuleDrawerProps) {
  const { items: conditions } = useDictItems('rule_conditions');
  const answer = useQuery({
    queryKey: ['system', 'datarule-grant', scope, menu?.id],
    queryFn: () => load(menu!.id),
    enabled: Boolean(menu),
    staleTime: 0,
    gcTime: 0,
  });
  const data = answer.data?.success ? answer.data.result : null;
  const [checked, setChecked] = useEditedFrom(data, (data?.drChecked ?? '').split(',').filter(Boolean));

  const saving = useApiMutation(({ menuId, ids }: { menuId: string; ids: string[] }) => save(menuId, ids), { onSuccess: onClose });
  const handleSave = () => menu && saving.run({ menuId: menu.id, ids: checked });

  return (
    <EditDrawer
      title={`数据规则：${menu?.title ?? ''}`}
      open={Boolean(menu)}
      onClose={onClose}
      size={520}
      actions={
        <Button type="primary" loading={saving.isPending} disabled={!data} onClick={handleSave}>
          保存
        </Button>
      }
    >
      <Spin spinning={answer.isFetching}>
        {data ? (
          <Checkbox.Group value={checked} onChange={(values) => setChecked(values.map(String))} style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
            {data.datarule.map((rule) => (
              <Checkbox key={rule.id} value={rule.id}>
                <strong>{rule.ruleName}</strong>{' '}
                <Tag>
                  {rule.ruleColumn} {dictText(conditions, rule.ruleConditions)} {rule.ruleValue}
                </Tag>
                {rule.status === '0' && <Tag color="default">无效</Tag>}
              </Checkbox>
            ))}
          </Checkbox.Group>
        ) : (
          !answer.isFetching && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={answer.data?.message || '未找到权限配置信息'} />
        )}
      </Spin>
    </EditDrawer>
  );
}
