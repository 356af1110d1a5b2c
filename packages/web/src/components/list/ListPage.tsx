import { DeleteOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Grid, Space, Table, type TableProps } from 'antd';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import { permPrefix } from '@sbwq/contracts';
import type { Query } from '../../platform/http.ts';
import { confirm } from '../../platform/feedback.ts';
import { useApiMutation } from '../../platform/useApiMutation.ts';
import { useAccess } from '../access/useAccess.ts';
import { DetailModal, type DetailItem } from '../detail/DetailModal.tsx';
import { kindColumn, kindText } from './columnKinds.tsx';
import { EmptyData } from './EmptyData.tsx';
import { ExportButton, useExport } from './ExportButton.tsx';
import { ImportButton } from './ImportButton.tsx';
import { listPagination } from './pagination.ts';
import { RecordModal } from './RecordModal.tsx';
import { RowActions } from './RowActions.tsx';
import { SearchForm } from './SearchForm.tsx';
import { useUrlFilters } from './useUrlFilters.ts';
import { toSearchParams } from './searchParams.ts';
import { SelectionBar } from './SelectionBar.tsx';
import { selectionLabels } from './selectionLabels.ts';
import { actionColumnWidth, tableScrollX, useActionColumnFixed, useMeasuredWidth } from './tableLayout.ts';
import { TableToolbar, type Density } from './TableToolbar.tsx';
import type { BatchAction, FormMode, ListAction, ListContext, ListDefinition, RowAction } from './types.ts';
import { arrangeColumns, columnId, useColumnSettings } from './useColumnSettings.ts';
import { useListData } from './useListData.ts';

/** spec §5 "Table delete confirm". */
export const batchDeleteText = (count: number) => `确定要删除这 ${count} 项吗?`;
export const DELETE_CONFIRM_TEXT = '确定删除吗?';

type ListPageProps<T extends object, B> = {
  definition: ListDefinition<T, B>;
  /** filter the screen adds (a tree's selection, a drawer's owner id) */
  params?: Query;
  /** inside a drawer or tab: no card of its own */
  embedded?: boolean;
};

type Editing<T> = { mode: FormMode; record: T | null; initial?: Record<string, unknown> } | null;

const keyOf = <T extends object>(rowKey: ListDefinition<T>['rowKey'], record: T): string => {
  if (!rowKey) return String((record as Record<string, unknown>).id);
  return typeof rowKey === 'function' ? rowKey(record) : String((record as Record<string, unknown>)[rowKey]);
};

/**
 * A list screen from its definition: search form, toolbar, selection bar, table with paging and
 * sorting, add/edit dialog, 详情, delete and batch delete, Excel export and import.
 */
export function ListPage<T extends object, B = Record<string, unknown>>({ definition, params, embedded }: ListPageProps<T, B>) {
  const access = useAccess();
  const urlFilters = useUrlFilters(definition.search);
  const list = useListData(definition, params, urlFilters.filters);
  const actionsFixed = useActionColumnFixed();
  // spec §9 mobile breakpoint 767.99 px: below it the search form waits behind 筛选
  const phone = Grid.useBreakpoint().md === false;
  const [selected, setSelected] = useState<{ keys: string[]; rows: T[] }>({ keys: [], rows: [] });
  const [editing, setEditing] = useState<Editing<T>>(null);
  const [viewing, setViewing] = useState<T | null>(null);
  const [density, setDensity] = useState<Density>('medium');
  const [fullscreen, setFullscreen] = useState(false);
  const columnSettings = useColumnSettings(definition.key);
  const exporter = useExport(definition.api.exportUrl, definition.exportName ?? `${definition.entity}.xlsx`);

  useEffect(() => {
    if (!fullscreen) return;
    const leave = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setFullscreen(false);
    };
    document.addEventListener('keydown', leave);
    return () => document.removeEventListener('keydown', leave);
  }, [fullscreen]);

  const perm = definition.permission;
  const prefix = perm ? permPrefix(perm) : undefined;
  const code = (action: ListAction) => definition.codes?.[action] ?? perm?.[action] ?? (prefix ? `${prefix}:${action}` : undefined);
  const { api, form } = definition;
  // 'allowed' | 'disabled' (spec §6 authorisation strategy "2": shown, not usable) | 'hidden'
  const state = (action: ListAction) => {
    const needed = code(action);
    return needed ? access.state(needed) : 'hidden';
  };
  const shown = (action: ListAction) => state(action) !== 'hidden';
  const off = (action: ListAction) => state(action) === 'disabled';
  const canAdd = Boolean(form && api.add) && shown('add');
  const canEdit = Boolean(form && api.edit) && shown('edit');
  const canDelete = shown('delete');
  const clearSelection = () => setSelected({ keys: [], rows: [] });

  const context: ListContext<T> = {
    reload: list.reload,
    openAdd: (initial) => setEditing({ mode: 'add', record: null, initial }),
    openEdit: (record) => setEditing({ mode: 'edit', record }),
    openDetail: setViewing,
    selectedKeys: selected.keys,
    selectedRows: selected.rows,
    clearSelection,
    params: list.filterParams,
  };

  const detailItems: DetailItem<T>[] | null =
    definition.detail === false
      ? null
      : (definition.detail ??
        definition.columns
          .filter((column) => typeof column.dataIndex === 'string')
          .map((column) => ({
            label: String(column.title ?? ''),
            render: (record: T) => {
              const value = (record as Record<string, unknown>)[column.dataIndex as string];
              if (column.render) return column.render(value, record, 0) as never;
              return (column.kind ? kindText(column.kind, value) : value) as never;
            },
          })));

  const actions: RowAction<T>[] = [
    ...(canEdit ? [{ key: 'edit', label: '编辑', inline: true, disabled: off('edit'), onClick: (record: T) => context.openEdit(record) }] : []),
    ...(definition.rowActions ?? [])
      .filter((action) => !action.code || access.state(action.code) !== 'hidden')
      .map((action) => (action.code && access.state(action.code) === 'disabled' ? { ...action, disabled: true } : action)),
    ...(detailItems ? [{ key: 'detail', label: '详情', onClick: (record: T) => setViewing(record) }] : []),
    ...(api.remove && canDelete
      ? [
          {
            key: 'delete',
            label: '删除',
            inline: true,
            danger: true,
            disabled: off('delete'),
            confirm: DELETE_CONFIRM_TEXT,
            onClick: (record: T) => api.remove!(record),
          },
        ]
      : []),
  ];

  const columnPrefix = definition.columnPrefix ?? (prefix ? `${prefix}:` : undefined);
  const permitted = useMemo(
    () => (columnPrefix ? access.columns(definition.columns, columnPrefix) : definition.columns),
    [access, definition.columns, columnPrefix],
  );
  const columns = useMemo(() => {
    const visible = arrangeColumns(permitted, columnSettings.settings);
    const sort = list.state.sort;
    return visible.map(({ defaultHidden: _, ...listColumn }) => {
      const column = kindColumn(listColumn, density, list.records);
      return column.sorter
        ? { ...column, sortOrder: sort && sort.column === column.dataIndex ? (sort.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null }
        : column;
    });
  }, [permitted, columnSettings.settings, list.state.sort, list.records, density]);

  // the 操作 column is as wide as the widest row's buttons on the page, measured once they are drawn
  const tableRef = useRef<HTMLDivElement>(null);
  const measuredActions = useMeasuredWidth(tableRef, '.list-row-actions', list.records);

  const tableColumns: TableProps<T>['columns'] = actions.length
    ? [
        ...columns,
        {
          key: '__actions',
          title: '操作',
          align: 'center',
          width: actionColumnWidth(measuredActions, density, definition.actionColumnWidth),
          fixed: actionsFixed,
          render: (_: unknown, record: T) => <RowActions record={record} actions={actions} context={context} />,
        },
      ]
    : columns;

  const afterBatch = () => {
    clearSelection();
    list.reload();
  };
  const batchDelete = useApiMutation((ids: string[]) => api.removeBatch!(ids), { onSuccess: afterBatch });
  const batchAction = useApiMutation(({ action, keys, rows }: { action: BatchAction<T>; keys: string[]; rows: T[] }) => action.onClick(keys, rows, context), {
    onSuccess: afterBatch,
  });
  const handleBatchDelete = () => confirm({ title: '确认删除', content: batchDeleteText(selected.keys.length), onOk: () => batchDelete.run(selected.keys) });
  const handleBatchAction = (action: BatchAction<T>) => {
    const run = () => batchAction.run({ action, keys: selected.keys, rows: selected.rows });
    if (action.confirm)
      confirm({ title: `确认${typeof action.label === 'string' ? action.label : '操作'}`, content: action.confirm(selected.keys.length), onOk: run });
    else void run();
  };
  const handleExport = (which: 'filter' | 'selection') => exporter.run(list.filterParams, which === 'selection' ? selected.keys : []);

  const handleTableChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'paginate') list.page(pagination.current ?? 1, pagination.pageSize ?? list.state.pageSize);
    if (extra.action === 'sort') {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      const field = one?.field ?? one?.column?.dataIndex;
      list.sortBy(one?.order && typeof field === 'string' ? { column: field, order: one.order === 'ascend' ? 'asc' : 'desc' } : null);
    }
  };

  const selectable = definition.selectable !== false;
  const toolbarExtra = definition.toolbar?.(context);
  const toolbar = [
    canAdd && (
      <Button key="add" type="primary" icon={<PlusOutlined />} disabled={off('add')} onClick={() => context.openAdd()}>
        新增
      </Button>
    ),
    api.exportUrl && shown('export') && (
      <ExportButton
        key="export"
        exporting={exporter.exporting}
        disabled={off('export')}
        bySelection={Boolean(api.exportSelections && selectable)}
        selectedCount={selected.keys.length}
        onExport={handleExport}
      />
    ),
    api.importUrl && shown('import') && (
      <ImportButton
        key="import"
        url={api.importUrl}
        templateUrl={api.importTemplateUrl}
        templateName={`${definition.entity}导入模板.xlsx`}
        disabled={off('import')}
        onImported={list.reload}
      />
    ),
    toolbarExtra && <Fragment key="extra">{toolbarExtra}</Fragment>,
  ].filter(Boolean);
  const batchButtons = [
    api.removeBatch && canDelete && (
      <Button key="batch" size="small" danger icon={<DeleteOutlined />} disabled={off('delete') || batchDelete.isPending} onClick={handleBatchDelete}>
        批量删除
      </Button>
    ),
    api.exportUrl && api.exportSelections && shown('export') && (
      <Button
        key="export-selected"
        size="small"
        icon={<DownloadOutlined />}
        loading={exporter.exporting}
        disabled={off('export')}
        onClick={() => handleExport('selection')}
      >
        导出选中
      </Button>
    ),
    ...(definition.batchActions ?? [])
      .filter((action) => !action.code || access.state(action.code) !== 'hidden')
      .map((action) => (
        <Button
          key={action.key}
          size="small"
          danger={action.danger}
          icon={action.icon}
          disabled={(action.code !== undefined && access.state(action.code) === 'disabled') || batchAction.isPending}
          onClick={() => handleBatchAction(action)}
        >
          {action.label}
        </Button>
      )),
  ];
  const searchForm = definition.search && definition.search.length > 0 && (
    <SearchForm
      key={phone ? 'folded' : 'inline'}
      name={`${definition.key}-search`}
      fields={definition.search}
      initialValues={urlFilters.values}
      folded={phone}
      onSearch={(values) => list.search(toSearchParams(definition.search!, values))}
    />
  );
  const Frame = embedded ? 'div' : Card;
  const fullscreenStyle = fullscreen
    ? ({ position: 'fixed', inset: 0, zIndex: 1000, overflow: 'auto', background: 'var(--ant-color-bg-container, #fff)', padding: 16 } as const)
    : undefined;
  return (
    <Frame {...(embedded ? {} : { variant: 'borderless' as const })} style={fullscreenStyle} className={fullscreen ? 'list-fullscreen' : undefined}>
      {searchForm && !phone && searchForm}
      <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 8, marginBottom: 16 }}>
        <Space wrap className="list-toolbar">
          {phone && searchForm}
          {toolbar}
        </Space>
        <TableToolbar
          onReload={list.reload}
          density={density}
          onDensity={setDensity}
          columns={permitted.map((column, index) => ({ id: columnId(column, index), title: column.title as never, defaultHidden: column.defaultHidden }))}
          settings={columnSettings.settings}
          onSettings={columnSettings.save}
          fullscreen={fullscreen}
          onFullscreen={setFullscreen}
        />
      </div>
      {selectable && <SelectionBar count={selected.keys.length} onClear={clearSelection} actions={batchButtons} />}
      <div ref={tableRef}>
        <Table<T>
          size={density}
          bordered
          rowKey={(record) => keyOf(definition.rowKey, record)}
          columns={tableColumns}
          dataSource={list.records}
          loading={list.loading}
          scroll={{ x: Math.max(definition.scrollX ?? 0, tableScrollX(tableColumns, { selectable })) }}
          // while the first page loads, the spinner alone (not 暂无数据 under it)
          locale={{ emptyText: list.loading ? <div style={{ height: 120 }} /> : <EmptyData /> }}
          pagination={listPagination(list.state.pageNo, list.state.pageSize, list.total)}
          rowSelection={
            selectable
              ? {
                  ...selectionLabels<T>(),
                  selectedRowKeys: selected.keys,
                  preserveSelectedRowKeys: true,
                  onChange: (keys, rows) => setSelected({ keys: keys.map(String), rows: rows.filter(Boolean) }),
                }
              : undefined
          }
          onChange={handleTableChange}
        />
      </div>
      {form && (
        <RecordModal<T, B>
          name={`${definition.key}-form`}
          open={editing !== null}
          mode={editing?.mode ?? 'add'}
          record={editing?.record ?? null}
          initial={editing?.initial}
          title={`${editing?.mode === 'edit' ? '编辑' : '新增'}${definition.entity}`}
          definition={form}
          save={editing?.mode === 'edit' ? api.edit : api.add}
          onClose={() => setEditing(null)}
          onSaved={list.reload}
        />
      )}
      {detailItems && (
        <DetailModal<T>
          open={viewing !== null}
          title={`${definition.entity}详情`}
          record={viewing}
          items={detailItems}
          columns={definition.detailColumns}
          onClose={() => setViewing(null)}
        />
      )}
    </Frame>
  );
}
