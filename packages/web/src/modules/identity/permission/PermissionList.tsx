import { PlusOutlined } from '@ant-design/icons';
import { PermissionPerm } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useAccess } from '../../../components/access/useAccess.ts';
import { IconByName } from '../../../components/icon/icons.tsx';
import { DataTable } from '../../../components/list/DataTable.tsx';
import { BatchDeleteButton } from '../../../components/list/BatchDeleteButton.tsx';
import { DELETE_CONFIRM_TEXT } from '../../../components/list/ListPage.tsx';
import { RowActions } from '../../../components/list/RowActions.tsx';
import { SelectionBar } from '../../../components/list/SelectionBar.tsx';
import type { ListContext, RowAction } from '../../../components/list/types.ts';
import { DataRuleDrawer } from './DataRuleDrawer.tsx';
import { permissionApi, permissionTree, type PermissionNode } from './permission.api.ts';
import { PermissionDrawer, type PermissionEditing } from './PermissionDrawer.tsx';
import { useActionColumnFixed } from '../../../components/list/tableLayout.ts';
import { selectionLabels } from '../../../components/list/selectionLabels.ts';

const TYPE_COLORS = ['blue', 'cyan', 'orange'];
const TYPE_TEXT = ['一级菜单', '子菜单', '按钮/权限'];

function parentKeys(nodes: PermissionNode[]): string[] {
  return nodes.flatMap((node) => (node.children?.length ? [node.id, ...parentKeys(node.children)] : []));
}

/** 菜单管理 (system/PermissionList): the whole menu tree as a tree table, edited in a drawer. */
export function PermissionList() {
  const actionsFixed = useActionColumnFixed();
  const { can } = useAccess();
  const tree = useQuery({ queryKey: ['system', 'permission', 'tree'], queryFn: permissionTree, staleTime: 0 });
  const [selected, setSelected] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [editing, setEditing] = useState<PermissionEditing>(null);
  const [ruleMenu, setRuleMenu] = useState<PermissionNode | null>(null);
  const reload = () => void tree.refetch();
  const nodes = tree.data ?? [];

  const actions = useMemo<RowAction<PermissionNode>[]>(
    () => [
      ...(can(PermissionPerm.edit)
        ? [{ key: 'edit', label: '编辑', inline: true, onClick: (record: PermissionNode) => setEditing({ mode: 'edit', record }) }]
        : []),
      ...(can(PermissionPerm.add)
        ? [
            {
              key: 'child',
              label: '添加下级',
              visible: (record: PermissionNode) => record.menuType !== 2,
              onClick: (record: PermissionNode) => setEditing({ mode: 'add', parent: record }),
            },
          ]
        : []),
      ...(can(PermissionPerm.rule)
        ? [
            {
              key: 'rule',
              label: '数据规则',
              visible: (record: PermissionNode) => record.menuType !== 2,
              onClick: (record: PermissionNode) => setRuleMenu(record),
            },
          ]
        : []),
      ...(can(PermissionPerm.delete)
        ? [
            {
              key: 'delete',
              label: '删除',
              danger: true,
              inline: true,
              confirm: (record: PermissionNode) => (record.children?.length ? '删除会一并删除其下级菜单和按钮，确定删除吗?' : DELETE_CONFIRM_TEXT),
              onClick: (record: PermissionNode) => permissionApi.remove!(record),
            },
          ]
        : []),
    ],
    [can],
  );
  const context = { reload } as ListContext<PermissionNode>;

  const afterBatchDelete = () => {
    setSelected([]);
    reload();
  };

  return (
    <Card variant="borderless">
      <Space wrap style={{ marginBottom: 16 }}>
        {can(PermissionPerm.add) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'add' })}>
            新增菜单
          </Button>
        )}
        <Button onClick={() => setExpanded(parentKeys(nodes))}>展开全部</Button>
        <Button onClick={() => setExpanded([])}>折叠全部</Button>
        {can(PermissionPerm.delete) && <BatchDeleteButton ids={selected} remove={permissionApi.removeBatch!} onDeleted={afterBatchDelete} />}
      </Space>
      <SelectionBar count={selected.length} onClear={() => setSelected([])} />
      <DataTable<PermissionNode>
        loading={tree.isFetching}
        dataSource={nodes}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys.map(String)) }}
        rowSelection={{ ...selectionLabels(), selectedRowKeys: selected, checkStrictly: true, onChange: (keys) => setSelected(keys.map(String)) }}
        columns={[
          { title: '菜单名称', dataIndex: 'name', width: 240 },
          {
            title: '菜单类型',
            dataIndex: 'menuType',
            width: 110,
            align: 'center',
            render: (type: number) => <Tag color={TYPE_COLORS[type]}>{TYPE_TEXT[type]}</Tag>,
          },
          { title: 'icon', dataIndex: 'icon', width: 70, align: 'center', render: (icon: string | null) => <IconByName name={icon} /> },
          { title: '组件', dataIndex: 'component', ellipsis: true },
          { title: '路径', dataIndex: 'url', ellipsis: true, render: (url: string | null, record) => url ?? record.perms },
          { title: '排序', dataIndex: 'sortNo', width: 70, align: 'center' },
          {
            title: '操作',
            key: 'actions',
            fixed: actionsFixed,
            width: 170,
            align: 'center',
            render: (_, record) => <RowActions record={record} actions={actions} context={context} />,
          },
        ]}
      />
      <PermissionDrawer editing={editing} tree={nodes} onClose={() => setEditing(null)} onSaved={reload} />
      <DataRuleDrawer menu={ruleMenu} onClose={() => setRuleMenu(null)} onChanged={reload} />
    </Card>
  );
}
