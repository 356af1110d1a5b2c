import { DictItemPerm, DictMsg, MAX_DICT_ITEMS, type DictItemRecord, type DictRecord } from '@sbwq/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Spin } from 'antd';
import { useMemo, useRef } from 'react';
import { useAccess } from '../../../components/access/useAccess.ts';
import { EditableTable } from '../../../components/editable-table/EditableTable.tsx';
import type { EditableColumn, EditableTableHandle, Row } from '../../../components/editable-table/types.ts';
import { unwrap } from '../../../platform/result.ts';
import { useApiMutation } from '../../../platform/useApiMutation.ts';
import { useTableSocket } from '../../../platform/socket/useTableSocket.ts';
import { checkItemValue, dictItemApi, saveItemTable } from './dict.api.ts';
import { changedItemIds, contractRule, dictItemTableBody } from './dictItemTable.ts';
import { saveIfValid } from '../../../components/editable-table/saveIfValid.ts';

export { FIX_CELLS_FIRST } from '../../../components/editable-table/saveIfValid.ts';

function columnsFor(dictId: string, loaded: Map<string, DictItemRecord>): EditableColumn[] {
  return [
    {
      key: 'itemText',
      title: '名称',
      type: 'input',
      width: 180,
      validateRules: [{ required: true, message: DictMsg.itemTextRequired }, contractRule('itemText')],
    },
    {
      key: 'itemValue',
      title: '数据值',
      type: 'input',
      width: 160,
      validateRules: [
        { required: true, message: DictMsg.itemValueRequired },
        contractRule('itemValue'),
        { unique: true, message: DictMsg.itemValueTaken },
        {
          // a value the row already had is its own; another is asked of the server (spec §5 duplicate check)
          handler: async (value, { row }) => {
            const id = typeof row.id === 'string' ? row.id : undefined;
            if (id && loaded.get(id)?.itemValue === value) return null;
            const answer = await checkItemValue(dictId, String(value), loaded.has(id ?? '') ? id : undefined);
            return answer.success ? null : answer.message;
          },
        },
      ],
    },
    { key: 'description', title: '描述', type: 'input', width: 220, validateRules: [contractRule('description')] },
    { key: 'sortOrder', title: '排序', type: 'normal', width: 70 },
    { key: 'status', title: '启用', type: 'checkbox', width: 70, checkedValue: 1, uncheckedValue: 0, defaultChecked: true },
  ];
}

/**
 * 表格编辑: the items of one dictionary edited in place (spec §3–§5 editable table) — text, value,
 * description and status in the cells (checked by the contracts' rules, as the server checks them), rows
 * added, removed and dragged into order (排序 follows), all saved by one call: every row or none.
 */
export function DictItemTableEditor({ dict }: { dict: DictRecord }) {
  const table = useRef<EditableTableHandle>(null);
  const queryClient = useQueryClient();
  const { can } = useAccess();
  const editable = can(DictItemPerm.edit);
  const query = useQuery({
    queryKey: ['dict-item-table', dict.id],
    queryFn: ({ signal }) => dictItemApi.list({ dictId: dict.id, pageNo: 1, pageSize: MAX_DICT_ITEMS, column: 'sortOrder', order: 'asc' }, signal).then(unwrap),
  });
  const records = useMemo(() => query.data?.records ?? [], [query.data]);
  const loaded = useMemo(() => new Map(records.map((item) => [item.id, item])), [records]);
  const columns = useMemo(() => columnsFor(dict.id, loaded), [dict.id, loaded]);
  const rows = useMemo(() => records.map((item) => ({ ...item }) as Row), [records]);
  // The same dictionary open in another tab or window of this user takes the rows saved here into its table.
  const { sendUpdate } = useTableSocket<Row & { id: string }>({
    socketKey: `dict-items:${dict.id}`,
    onUpdate: (row) => table.current?.mergeRow(row),
  });

  const editedIds = useRef<string[]>([]);
  const save = useApiMutation(
    () => {
      const { values, deleteIds } = table.current?.getValues() ?? { values: [], deleteIds: [] };
      const body = dictItemTableBody(values, deleteIds, dict.id);
      editedIds.current = changedItemIds(records, body);
      return saveItemTable(body);
    },
    {
      onSuccess: async () => {
        const [fresh] = await Promise.all([query.refetch(), queryClient.invalidateQueries({ queryKey: ['list', 'system-dict-item'] })]);
        // Rows as the server now holds them; a row added here is not shown there, so only edits travel.
        for (const item of fresh.data?.records ?? []) if (editedIds.current.includes(item.id)) sendUpdate({ ...item } as Row & { id: string });
      },
    },
  );

  const handleSave = () => saveIfValid(table, () => save.run(undefined));

  if (query.isError) return <Alert type="error" showIcon title="字典项加载失败" />;
  return (
    <Spin spinning={query.isLoading || save.isPending}>
      <EditableTable
        ref={table}
        columns={columns}
        dataSource={rows}
        sortField="sortOrder"
        rowSelection="checkbox"
        dragSort={editable}
        rowNumber
        disabled={!editable}
        toolbar={editable}
        height={420}
        toolbarExtra={
          editable && (
            <Button type="primary" ghost loading={save.isPending} onClick={() => void handleSave()}>
              保存
            </Button>
          )
        }
      />
    </Spin>
  );
}
