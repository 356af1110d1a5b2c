import type { AddressEntry, DepartTreeNode } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Row, Spin, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { EmptyData } from '../../../components/list/EmptyData.tsx';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { ListDefinition } from '../../../components/list/types.ts';
import { departTree } from '../depart/depart.api.ts';
import { addressListApi } from './addressList.api.ts';
import { AddressPerm } from '@sbwq/contracts';

/** 通讯录: contact details of active users, read-only (GET /sys/user/queryByOrgCodeForAddressList). */
const definition: ListDefinition<AddressEntry> = {
  key: 'system-address-list',
  entity: '联系人',
  permission: AddressPerm,
  // a user in two departments is listed under each
  rowKey: (entry) => `${entry.id}:${entry.orgCode}`,
  defaultSort: null,
  selectable: false,
  detail: false,
  api: addressListApi,
  // the server matches these by substring itself
  search: [
    { name: 'realname', label: '姓名', exact: true },
    { name: 'workNo', label: '工号', exact: true },
  ],
  columns: [
    { title: '姓名', dataIndex: 'realname', width: 120 },
    { title: '工号', dataIndex: 'workNo', width: 110 },
    { title: '部门', dataIndex: 'departName', ellipsis: true },
    { title: '职务', dataIndex: 'post', width: 100 },
    { title: '座机', dataIndex: 'telephone', width: 130 },
    { title: '手机号', dataIndex: 'phone', width: 130 },
    { title: '邮箱', dataIndex: 'email', ellipsis: true },
  ],
};

const allIds = (nodes: DepartTreeNode[]): string[] => nodes.flatMap((node) => [node.id, ...allIds(node.children ?? [])]);

export function AddressList() {
  const tree = useQuery({ queryKey: ['system', 'departs', 'tree'], queryFn: departTree });
  const [selected, setSelected] = useState<DepartTreeNode | null>(null);
  const params = useMemo(() => (selected ? { orgCode: selected.orgCode } : {}), [selected]);
  const nodes = tree.data ?? [];

  return (
    <Row gutter={16}>
      <Col xs={24} md={8} xl={6}>
        <Card variant="borderless" title="组织机构" style={{ marginBottom: 16 }}>
          {selected && (
            <Alert
              type="info"
              style={{ marginBottom: 12 }}
              title={
                <span>
                  {selected.departName}
                  <Button type="link" size="small" onClick={() => setSelected(null)}>
                    查看全部
                  </Button>
                </span>
              }
            />
          )}
          <Spin spinning={tree.isLoading}>
            {nodes.length === 0 ? (
              !tree.isLoading && <EmptyData description="暂无部门" />
            ) : (
              <Tree<DepartTreeNode>
                blockNode
                treeData={nodes}
                fieldNames={{ key: 'id', title: 'departName', children: 'children' }}
                defaultExpandedKeys={allIds(nodes)}
                selectedKeys={selected ? [selected.id] : []}
                onSelect={(_, info) => setSelected(info.selected ? info.node : null)}
              />
            )}
          </Spin>
        </Card>
      </Col>
      <Col xs={24} md={16} xl={18}>
        <ListPage definition={definition} params={params} />
      </Col>
    </Row>
  );
}
