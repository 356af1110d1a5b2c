import { BatchDict, BatchStatus, CLUE_URL_PATTERN, MAX_BATCH_ITEMS, MONEY_PATTERN, type BatchItemRecord, type BatchRecord } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, Spin } from 'antd';
import { useMemo, useRef } from 'react';
import { EditableTable } from '../../../components/editable-table/EditableTable.tsx';
import type { EditableColumn, EditableTableHandle, Row } from '../../../components/editable-table/types.ts';
import { useApiMutation } from '../../../platform/useApiMutation.ts';
import { batchApi, batchKey } from './batch.api.ts';
import { itemValuesOf } from './batchForm.ts';
import { saveIfValid } from '../../../components/editable-table/saveIfValid.ts';

/** The server pages items up to 1000: a batch of 2,000 comes in two pages. */
const PAGE = 1000;
export { FIX_CELLS_FIRST } from '../../../components/editable-table/saveIfValid.ts';

async function allItems(batchId: string, signal: AbortSignal): Promise<BatchItemRecord[]> {
  const items: BatchItemRecord[] = [];
  for (let pageNo = 1; items.length < MAX_BATCH_ITEMS; pageNo++) {
    const page = await batchApi.items({ batchId, pageNo, pageSize: PAGE, column: 'seq', order: 'asc' }, signal);
    items.push(...page.records);
    if (items.length >= page.total || page.records.length === 0) break;
  }
  return items;
}

const optionalMatch = (pattern: RegExp, message: string) => ({
  handler: (value: unknown) => (value === undefined || value === null || String(value).trim() === '' || pattern.test(String(value).trim()) ? null : message),
});

/** The grid's columns: the clue while a draft, its handling while 维权中 (DOMAIN.md clue item). */
export function itemColumns(enforcing: boolean): EditableColumn[] {
  const lockClue = enforcing;
  const lockHandling = !enforcing;
  return [
    {
      key: 'linkUrl',
      title: '侵权链接',
      type: 'input',
      width: 300,
      disabled: lockClue,
      validateRules: [
        { required: true, message: '请输入侵权链接' },
        optionalMatch(CLUE_URL_PATTERN, '侵权链接应为 http:// 或 https:// 开头的网址'),
        { unique: true, message: '侵权链接重复' },
      ],
    },
    { key: 'shopName', title: '店铺名称', type: 'input', width: 150, disabled: lockClue },
    { key: 'operator', title: '经营者', type: 'input', width: 120, disabled: lockClue },
    { key: 'location', title: '所在地', type: 'input', width: 110, disabled: lockClue },
    { key: 'goodsName', title: '涉案商品', type: 'input', width: 140, disabled: lockClue },
    {
      key: 'price',
      title: '价格',
      type: 'input',
      width: 100,
      disabled: lockClue,
      validateRules: [optionalMatch(MONEY_PATTERN, '价格须为不小于0的数字，最多两位小数')],
    },
    { key: 'evidence', title: '证据', type: 'upload', width: 130, biz: 'rights_threaded', disabled: lockClue },
    { key: 'status', title: '状态', type: 'select', width: 120, dictCode: BatchDict.itemStatus, defaultValue: '1', disabled: lockHandling },
    { key: 'complaintNo', title: '投诉单号', type: 'input', width: 130, disabled: lockHandling },
    { key: 'handleTime', title: '处理时间', type: 'date', width: 140, disabled: lockHandling },
    { key: 'remark', title: '备注', type: 'input', width: 160 },
  ];
}

type BatchItemsEditorProps = { batch: BatchRecord; onClose: () => void; onDone: () => void };

/**
 * 编辑明细: every item of the batch in the editable grid (spec §3–§5), saved at once through the items
 * save. A 草稿 / 退回补正 edits its clues (rows added, removed); while 维权中 only each item's 状态,
 * 投诉单号, 处理时间 and 备注 change, and no row is added or removed. Mounted per opening.
 */
export function BatchItemsEditor({ batch, onClose, onDone }: BatchItemsEditorProps) {
  const table = useRef<EditableTableHandle>(null);
  const enforcing = batch.status === BatchStatus.enforcing;
  const query = useQuery({ queryKey: [...batchKey(batch.id, 'items'), 'all'], queryFn: ({ signal }) => allItems(batch.id, signal), staleTime: 0 });
  const rows = useMemo(() => (query.data ?? []).map((item) => ({ ...item }) as Row), [query.data]);
  const columns = useMemo(() => itemColumns(enforcing), [enforcing]);

  const save = useApiMutation(
    () => {
      const { values, deleteIds } = table.current?.getValues() ?? { values: [], deleteIds: [] };
      return batchApi.saveItems({ batchId: batch.id, values: itemValuesOf(values), deleteIds: enforcing ? [] : deleteIds });
    },
    {
      onSuccess: () => {
        onDone();
        onClose();
      },
    },
  );
  const handleSave = () => saveIfValid(table, () => save.run(undefined));

  return (
    <Modal
      open
      title={enforcing ? '更新线索处理结果' : '编辑线索明细'}
      width={1200}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="save" type="primary" loading={save.isPending} disabled={query.isLoading || query.isError} onClick={() => void handleSave()}>
          保存
        </Button>,
      ]}
    >
      {enforcing && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title="维权中只能更新处理结果（状态、投诉单号、处理时间、备注），不能新增或删除线索。" />
      )}
      {query.isError ? (
        <Alert type="error" showIcon title="线索明细加载失败" />
      ) : (
        <Spin spinning={query.isLoading || save.isPending}>
          <EditableTable
            ref={table}
            columns={columns}
            dataSource={rows}
            sortField="seq"
            rowNumber
            rowSelection={enforcing ? undefined : 'checkbox'}
            toolbar={!enforcing}
            height={480}
          />
        </Spin>
      )}
    </Modal>
  );
}
