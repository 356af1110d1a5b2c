import { DeleteOutlined, PlusOutlined, SubnodeOutlined } from '@ant-design/icons';
import { DepartPerm, type DepartTreeNode } from '@sbwq/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Input, Row, Space, Spin, Tabs, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { useAccess } from '../../../components/access/useAccess.ts';
import { EmptyData } from '../../../components/list/EmptyData.tsx';
import { confirm } from '../../../platform/feedback.ts';
import { useApiMutation } from '../../../platform/useApiMutation.ts';
import { departApi, departTree, searchDeparts } from './depart.api.ts';
import { DepartInfoTab } from './DepartInfoTab.tsx';
import { DepartModal } from './DepartModal.tsx';
import { DepartPermissionTab } from './DepartPermissionTab.tsx';
import { DepartRoleTab } from './DepartRoleTab.tsx';
import { DepartUserTab } from './DepartUserTab.tsx';

function findDepart(nodes: DepartTreeNode[], id: string | null): DepartTreeNode | null {
  if (!id) return null;
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findDepart(node.children ?? [], id);
    if (found) return found;
  }
  return null;
}

const allIds = (nodes: DepartTreeNode[]): string[] => nodes.flatMap((node) => [node.id, ...allIds(node.children ?? [])]);

/** 部门管理 (system/DepartList): the department tree on the left, the selected department's tabs on the right. */
export function DepartList() {
  const { can } = useAccess();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [adding, setAdding] = useState<{ parent: DepartTreeNode | null } | null>(null);
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const tree = useQuery({ queryKey: ['system', 'depart', 'tree'], queryFn: departTree, staleTime: 0 });
  const found = useQuery({ queryKey: ['system', 'depart', 'search', keyword], queryFn: () => searchDeparts(keyword), enabled: keyword !== '', staleTime: 0 });
  const nodes = keyword ? (found.data ?? []) : (tree.data ?? []);
  const selected = useMemo(() => findDepart(tree.data ?? [], selectedId) ?? findDepart(found.data ?? [], selectedId), [tree.data, found.data, selectedId]);

  const refresh = () => {
    void tree.refetch();
    if (keyword) void found.refetch();
    // pickers elsewhere (user form, address book) read the department tree too
    void queryClient.invalidateQueries({ queryKey: ['system', 'departs'] });
  };

  const removing = useApiMutation((depart: DepartTreeNode) => departApi.remove!(depart), {
    onSuccess: () => {
      setSelectedId(null);
      refresh();
    },
  });

  const handleDelete = () => {
    if (!selected) return;
    confirm({
      title: '确认删除',
      content: `确定删除部门“${selected.departName}”吗?`,
      danger: true,
      onOk: () => removing.run(selected),
    });
  };

  const tabs = selected
    ? [
        { key: 'info', label: '基本信息', children: <DepartInfoTab depart={selected} onSaved={refresh} /> },
        ...(can(DepartPerm.grant) ? [{ key: 'grant', label: '部门权限', children: <DepartPermissionTab depart={selected} /> }] : []),
        ...(can(DepartPerm.role) ? [{ key: 'roles', label: '部门角色', children: <DepartRoleTab depart={selected} /> }] : []),
        ...(can(DepartPerm.user) ? [{ key: 'users', label: '部门用户', children: <DepartUserTab depart={selected} /> }] : []),
      ]
    : [];

  return (
    <Row gutter={16}>
      <Col xs={24} md={10} xl={8}>
        <Card variant="borderless" style={{ marginBottom: 16 }}>
          <Space wrap style={{ marginBottom: 12 }}>
            {can(DepartPerm.add) && (
              <>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding({ parent: null })}>
                  添加部门
                </Button>
                <Button icon={<SubnodeOutlined />} disabled={!selected} onClick={() => setAdding({ parent: selected })}>
                  添加下级
                </Button>
              </>
            )}
            {can(DepartPerm.delete) && (
              <Button danger icon={<DeleteOutlined />} disabled={!selected} onClick={handleDelete}>
                删除
              </Button>
            )}
          </Space>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title={
              selected ? (
                <span>
                  当前选择：<strong>{selected.departName}</strong>
                  <Button type="link" size="small" onClick={() => setSelectedId(null)}>
                    取消选择
                  </Button>
                </span>
              ) : (
                '请在下方选择一个部门'
              )
            }
          />
          <Input.Search allowClear placeholder="请输入部门名称" onSearch={(value) => setKeyword(value.trim())} style={{ marginBottom: 12 }} />
          <Spin spinning={tree.isLoading || found.isFetching}>
            {nodes.length === 0 && !tree.isLoading ? (
              <EmptyData description={keyword ? '未查询匹配数据！' : '暂无部门'} />
            ) : (
              <Tree<DepartTreeNode>
                blockNode
                showLine
                treeData={nodes}
                fieldNames={{ key: 'id', title: 'departName', children: 'children' }}
                selectedKeys={selectedId ? [selectedId] : []}
                expandedKeys={expanded ?? allIds(nodes)}
                onExpand={(keys) => setExpanded(keys.map(String))}
                // a second click keeps the department (取消选择 clears it)
                onSelect={(keys) => keys.length && setSelectedId(String(keys[0]))}
              />
            )}
          </Spin>
        </Card>
      </Col>
      <Col xs={24} md={14} xl={16}>
        <Card variant="borderless">
          {selected ? <Tabs key={selected.id} className="depart-tabs" items={tabs} /> : <EmptyData description="请先在左侧选择一个部门" />}
        </Card>
      </Col>
      <DepartModal
        open={Boolean(adding)}
        parent={adding?.parent ?? null}
        onClose={() => setAdding(null)}
        onSaved={(id) => {
          refresh();
          setSelectedId(id);
        }}
      />
    </Row>
  );
}
