import { EditOutlined, ImportOutlined, SnippetsOutlined } from '@ant-design/icons';
import { BatchDict, BatchPerm, BatchStatus, EDITABLE_STATUSES, type BatchItemRecord, type BatchRecord } from '@sbwq/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Grid, Input, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { DictSelect } from '../../../components/dict/DictSelect.tsx';
import { FileLinks } from '../../../components/upload/FileLinks.tsx';
import { useApiMutation } from '../../../platform/useApiMutation.ts';
import { formatMoney } from '../../../platform/format.ts';
import { batchApi, batchKey, ITEM_STATUS_COLORS } from './batch.api.ts';
import { ItemResultModal, ItemsPasteModal } from './BatchItemDialogs.tsx';
import { ItemsImportModal } from './ItemsImportModal.tsx';
import { BatchItemsEditor } from './BatchItemsEditor.tsx';

/** Pages of up to 500 rows are drawn virtually, so a batch of 2,000 items scrolls smoothly. */
const PAGE_SIZES = [20, 50, 100, 500];
const VIRTUAL_FROM = 100;

type BatchItemsTabProps = {
  batch: BatchRecord;
  can: (code: string) => boolean;
  /** after the items changed: 线索数量 and 申请金额 are the server's again */
  onChanged: () => void;
};

/**
 * 线索明细 of a batch (DOMAIN.md clue item), read-only and paged on the server. While the batch is a
 * 草稿 / 退回补正 its organisation edits them in the editable grid (编辑明细), pastes links (粘贴添加), imports
 * an .xlsx (导入明细) and deletes rows; while 维权中 it records each item's result (编辑明细 for all at
 * once, 处理结果 for one), which 申请结案 needs.
 */
export function BatchItemsTab({ batch, can, onChanged }: BatchItemsTabProps) {
  const [page, setPage] = useState({ pageNo: 1, pageSize: PAGE_SIZES[0] });
  const [filter, setFilter] = useState<{ status?: string; linkUrl?: string }>({});
  const [pasting, setPasting] = useState(false);
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState(false);
  const [resulting, setResulting] = useState<BatchItemRecord | null>(null);
  const editable = batch.editable && EDITABLE_STATUSES.includes(batch.status) && can(BatchPerm.edit);
  const recording = batch.status === BatchStatus.enforcing && can(BatchPerm.enforce);

  const params = {
    batchId: batch.id,
    ...page,
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.linkUrl ? { linkUrl: `*${filter.linkUrl}*` } : {}),
  };
  const items = useQuery({
    queryKey: [...batchKey(batch.id, 'items'), params],
    queryFn: ({ signal }) => batchApi.items(params, signal),
    placeholderData: keepPreviousData,
  });
  const changed = () => {
    void items.refetch();
    onChanged();
  };
  const removing = useApiMutation((item: BatchItemRecord) => batchApi.saveItems({ batchId: batch.id, values: [], deleteIds: [item.id] }), {
    onSuccess: changed,
  });

  // Below 576 px the two first columns fit the screen (about 300 px at 375): the link's end, which tells
  // items apart, shows without scrolling the table sideways (issue 36: at 375 px it lay past the edge).
  const narrow = Grid.useBreakpoint().sm === false;
  const columns: ColumnsType<BatchItemRecord> = [
    { title: '序号', dataIndex: 'seq', width: narrow ? 56 : 70, align: 'center' },
    {
      title: '侵权链接',
      dataIndex: 'linkUrl',
      width: narrow ? 190 : 280,
      render: (url: string) => <LinkMiddleEllipsis url={url} />,
    },
    { title: '店铺名称', dataIndex: 'shopName', width: 140, ellipsis: true },
    { title: '经营者', dataIndex: 'operator', width: 120, ellipsis: true },
    { title: '所在地', dataIndex: 'location', width: 100, ellipsis: true },
    { title: '涉案商品', dataIndex: 'goodsName', width: 140, ellipsis: true },
    { title: '价格', dataIndex: 'price', width: 100, align: 'right', render: formatMoney },
    { title: '证据', dataIndex: 'evidence', width: 120, render: (value: string | null) => (value ? <FileLinks value={value} size={32} /> : null) },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      align: 'center',
      render: (value: string, r) => <Tag color={ITEM_STATUS_COLORS[value]}>{r.status_dictText ?? value}</Tag>,
    },
    { title: '投诉单号', dataIndex: 'complaintNo', width: 130, ellipsis: true },
    { title: '处理时间', dataIndex: 'handleTime', width: 110 },
    { title: '备注', dataIndex: 'remark', width: 160, ellipsis: true },
    ...(editable || recording
      ? [
          {
            title: '操作',
            key: 'action',
            width: 90,
            fixed: 'right' as const,
            render: (_: unknown, item: BatchItemRecord) =>
              recording ? (
                <Typography.Link onClick={() => setResulting(item)}>处理结果</Typography.Link>
              ) : (
                <Popconfirm title="确定删除吗?" okText="确定" cancelText="取消" onConfirm={() => removing.run(item)}>
                  <Typography.Link type="danger">删除</Typography.Link>
                </Popconfirm>
              ),
          },
        ]
      : []),
  ];

  const virtual = page.pageSize > VIRTUAL_FROM;
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        {(editable || recording) && (
          <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)}>
            编辑明细
          </Button>
        )}
        {editable && (
          <Button icon={<SnippetsOutlined />} onClick={() => setPasting(true)}>
            粘贴添加
          </Button>
        )}
        {editable && can(BatchPerm.import) && (
          <Button icon={<ImportOutlined />} onClick={() => setImporting(true)}>
            导入明细
          </Button>
        )}
        <DictSelect
          code={BatchDict.itemStatus}
          placeholder="按状态筛选"
          style={{ width: 140 }}
          value={filter.status}
          showSearch={false}
          onChange={(value) => {
            setFilter((f) => ({ ...f, status: (value as string | undefined) || undefined }));
            setPage((p) => ({ ...p, pageNo: 1 }));
          }}
        />
        <Input.Search
          allowClear
          placeholder="搜索侵权链接"
          style={{ width: 240 }}
          onSearch={(value) => {
            setFilter((f) => ({ ...f, linkUrl: value.trim() || undefined }));
            setPage((p) => ({ ...p, pageNo: 1 }));
          }}
        />
      </Space>
      <Table<BatchItemRecord>
        rowKey="id"
        size="small"
        className="batch-items-table"
        loading={items.isFetching}
        columns={columns}
        dataSource={items.data?.records ?? []}
        virtual={virtual}
        scroll={virtual ? { x: 1700, y: 560 } : { x: 1700 }}
        locale={{ emptyText: editable ? '暂无线索明细，请点击「编辑明细」「粘贴添加」或「导入明细」添加' : '暂无线索明细' }}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: items.data?.total ?? 0,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (total, [from, to]) => `${from}-${to} 共 ${total} 条`,
          onChange: (pageNo, pageSize) => setPage({ pageNo: pageSize === page.pageSize ? pageNo : 1, pageSize }),
        }}
      />
      {pasting && <ItemsPasteModal batchId={batch.id} open existing={batch.itemCount} onClose={() => setPasting(false)} onDone={changed} />}
      {editing && <BatchItemsEditor batch={batch} onClose={() => setEditing(false)} onDone={changed} />}
      {importing && <ItemsImportModal batchId={batch.id} onClose={() => setImporting(false)} onDone={changed} />}
      <ItemResultModal batchId={batch.id} item={resulting} onClose={() => setResulting(null)} onDone={changed} />
    </>
  );
}

/** The part of a link that tells items apart (the item id, the query) is at its end: it stays, and the middle gives way. */
const KEPT_TAIL = 18;

/**
 * 侵权链接 cut in the middle, not at the end (issue 36): the head shrinks with an ellipsis and the last
 * characters always show; the whole address is the link's name (read out whole: the two parts would be read apart) and its tooltip.
 */
function LinkMiddleEllipsis({ url }: { url: string }) {
  const cut = url.length > KEPT_TAIL * 2 ? url.length - KEPT_TAIL : url.length;
  return (
    <Typography.Link
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      title={url}
      aria-label={url}
      className="link-middle-ellipsis"
      style={{ display: 'flex', minWidth: 0, maxWidth: '100%' }}
    >
      <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }}>{url.slice(0, cut)}</span>
      <span style={{ whiteSpace: 'nowrap', flex: 'none' }}>{url.slice(cut)}</span>
    </Typography.Link>
  );
}
