import { PlusOutlined } from '@ant-design/icons';
import { categoryAddBody, CategoryPerm, categoryResource, type CategoryRecord } from '@sbwq/contracts';
import { useQueries } from '@tanstack/react-query';
import { Button, Card, Input, Space, type TableProps } from 'antd';
import { useMemo, useState } from 'react';
import { useAccess } from '../../../components/access/useAccess.ts';
import { zodRule } from '../../../components/form/zodRule.ts';
import { DataTable } from '../../../components/list/DataTable.tsx';
import { BatchDeleteButton } from '../../../components/list/BatchDeleteButton.tsx';
import { DELETE_CONFIRM_TEXT } from '../../../components/list/ListPage.tsx';
import { listPagination } from '../../../components/list/pagination.ts';
import { RecordModal } from '../../../components/list/RecordModal.tsx';
import { RowActions } from '../../../components/list/RowActions.tsx';
import { SearchForm } from '../../../components/list/SearchForm.tsx';
import { toSearchParams } from '../../../components/list/searchParams.ts';
import { SelectionBar } from '../../../components/list/SelectionBar.tsx';
import type { FormDefinition, ListContext, ListDefinition, RowAction, SearchField } from '../../../components/list/types.ts';
import { useListData } from '../../../components/list/useListData.ts';
import { categoryApi, childCategories, type CategoryBody } from './category.api.ts';
import { useActionColumnFixed } from '../../../components/list/tableLayout.ts';
import { selectionLabels } from '../../../components/list/selectionLabels.ts';
import { resourceList } from '../../../components/list/resourceList.ts';

const LIST_KEY = 'system-category';
const search: SearchField[] = [
  { name: 'name', label: '分类名称' },
  { name: 'code', label: '分类编码' },
];
const columns: ListDefinition<CategoryRecord>['columns'] = [
  { title: '分类名称', dataIndex: 'name' },
  { title: '分类编码', dataIndex: 'code', width: 260 },
  { title: '创建时间', dataIndex: 'createTime', kind: 'datetime' },
];
/** The top level comes paged from rootList; each expanded row's children come from childList. */
const definition: ListDefinition<CategoryRecord, CategoryBody> = {
  key: LIST_KEY,
  ...resourceList(categoryResource, categoryApi),
  columns,
  search,
  defaultSort: { column: 'code', order: 'asc' },
};

type Row = CategoryRecord & { children?: Row[] };
type Editing = { mode: 'add'; parent: CategoryRecord | null } | { mode: 'edit'; record: CategoryRecord } | null;

const nameRule = zodRule(categoryAddBody.shape.name);

function formOf(editing: Editing): FormDefinition<CategoryRecord, CategoryBody> {
  const parent = editing?.mode === 'add' ? editing.parent : null;
  return {
    width: 600,
    fields: (mode) => [
      ...(parent ? [{ name: 'parentName', label: '上级分类', input: <Input disabled /> }] : []),
      ...(mode === 'edit' ? [{ name: 'code', label: '分类编码', input: <Input disabled /> }] : []),
      {
        name: 'name',
        label: '分类名称',
        required: true,
        input: <Input placeholder="请输入分类名称" />,
        rules: [nameRule],
        extra: mode === 'add' ? '分类编码由系统按层级自动生成（如 A01、A01A01）' : undefined,
      },
    ],
    toBody: (values, mode, record) =>
      mode === 'edit' && record ? { id: record.id, name: String(values.name) } : { pid: parent?.id ?? '0', name: String(values.name) },
  };
}

/** 分类字典 (system/SysCategoryList): a tree table whose children load when a row is expanded. */
export function SysCategoryList() {
  const actionsFixed = useActionColumnFixed();
  const { can } = useAccess();
  const list = useListData(definition);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [selected, setSelected] = useState<string[]>([]);
  const [editing, setEditing] = useState<Editing>(null);

  const children = useQueries({
    queries: expanded.map((pid) => ({
      // under the list's key, so reloading the list reloads the open branches too
      queryKey: ['list', LIST_KEY, 'children', pid],
      queryFn: ({ signal }: { signal: AbortSignal }) => childCategories(pid, signal),
      staleTime: 0,
    })),
  });
  const loadingChildren = children.some((query) => query.isFetching);
  const childrenOf = new Map(expanded.map((pid, i) => [pid, children[i]?.data] as const));

  const attach = (record: CategoryRecord, depth: number): Row => {
    const loaded = childrenOf.get(record.id);
    if (loaded?.length && depth < 20) return { ...record, children: loaded.map((child) => attach(child, depth + 1)) };
    // an empty list keeps the expand icon on a row whose children are not loaded yet
    return record.hasChild === '1' ? { ...record, children: [] } : record;
  };
  const rows = list.records.map((record) => attach(record, 0));

  const context = { reload: list.reload } as ListContext<Row>;
  const actions = useMemo<RowAction<Row>[]>(
    () => [
      ...(can(CategoryPerm.edit) ? [{ key: 'edit', label: '编辑', inline: true, onClick: (record: Row) => setEditing({ mode: 'edit', record }) }] : []),
      ...(can(CategoryPerm.add)
        ? [{ key: 'child', label: '添加下级', inline: true, onClick: (record: Row) => setEditing({ mode: 'add', parent: record }) }]
        : []),
      ...(can(CategoryPerm.delete)
        ? [{ key: 'delete', label: '删除', inline: true, danger: true, confirm: DELETE_CONFIRM_TEXT, onClick: (record: Row) => categoryApi.remove(record) }]
        : []),
    ],
    [can],
  );

  const afterBatchDelete = () => {
    setSelected([]);
    list.reload();
  };

  const handleSaved = () => {
    // a new child shows under its parent, opened
    if (editing?.mode === 'add' && editing.parent && !expanded.includes(editing.parent.id)) setExpanded([...expanded, editing.parent.id]);
    list.reload();
  };

  const handleTableChange: TableProps<Row>['onChange'] = (pagination, _filters, _sorter, extra) => {
    if (extra.action === 'paginate') list.page(pagination.current ?? 1, pagination.pageSize ?? list.state.pageSize);
  };

  const initial = editing?.mode === 'add' && editing.parent ? { parentName: `${editing.parent.name}（${editing.parent.code}）` } : undefined;

  return (
    <Card variant="borderless">
      <SearchForm name={`${LIST_KEY}-search`} fields={search} onSearch={(values) => list.search(toSearchParams(search, values))} />
      <Space wrap style={{ marginBottom: 16 }} className="list-toolbar">
        {can(CategoryPerm.add) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'add', parent: null })}>
            新增
          </Button>
        )}
        {can(CategoryPerm.delete) && <BatchDeleteButton ids={selected} remove={categoryApi.removeBatch} onDeleted={afterBatchDelete} />}
      </Space>
      <SelectionBar count={selected.length} onClear={() => setSelected([])} />
      <DataTable<Row>
        loading={list.loading || loadingChildren}
        dataSource={rows}
        columns={[
          ...columns,
          {
            key: '__actions',
            title: '操作',
            fixed: actionsFixed,
            align: 'center',
            width: 200,
            render: (_: unknown, record: Row) => <RowActions record={record} actions={actions} context={context} />,
          },
        ]}
        pagination={listPagination(list.state.pageNo, list.state.pageSize, list.total)}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys.map(String)) }}
        rowSelection={{ ...selectionLabels(), selectedRowKeys: selected, checkStrictly: true, onChange: (keys) => setSelected(keys.map(String)) }}
        onChange={handleTableChange}
      />
      <RecordModal<CategoryRecord, CategoryBody>
        name={`${LIST_KEY}-form`}
        open={editing !== null}
        mode={editing?.mode ?? 'add'}
        record={editing?.mode === 'edit' ? editing.record : null}
        initial={initial}
        title={editing?.mode === 'edit' ? '编辑分类' : editing?.parent ? '添加下级分类' : '新增分类'}
        definition={formOf(editing)}
        save={editing?.mode === 'edit' ? categoryApi.edit : categoryApi.add}
        onClose={() => setEditing(null)}
        onSaved={handleSaved}
      />
    </Card>
  );
}
