import type { DictModel, QueryInfoItem, ReportRows, RpColumns } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Col, DatePicker, Form, Input, Row, Select, Space, Table, type TableColumnsType, type TableProps } from 'antd';
import dayjs from 'dayjs';
import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { useMemo, useState, type ReactNode } from 'react';
import { listPagination } from '../list/pagination.ts';
import type { Query } from '../../platform/http.ts';
import { formatNumber } from '../../platform/format.ts';

type Row = Record<string, unknown>;

/** Where a report view gets its data: a report (by code, spec §7) or a registered online-form table. */
export type ReportSource = {
  key: string;
  meta: () => Promise<{ id: string; name: string; columns: RpColumns['columns']; dictOptions: Record<string, DictModel[]>; queryInfo: QueryInfoItem[] }>;
  rows: (id: string, query: Query, signal?: AbortSignal) => Promise<ReportRows>;
};

export type ReportSelection = { multi: boolean; keys: string[]; rows: Row[]; onChange: (keys: string[], rows: Row[]) => void };

type Props = {
  source: ReportSource;
  /** the row key field; default `id`, else the first column. Spec §9: a row key is cut at 50 characters. */
  rowKey?: string;
  pageSize?: number;
  selection?: ReportSelection;
  /** shown to the right of 查询 / 重置 (export, selection bar) */
  extra?: (state: { id: string | null; query: Query; reload: () => void; total: number }) => ReactNode;
  /** 查询条件 as the list screen's and the popup's aria labels */
  label: string;
};

const textOf = (options: DictModel[] | undefined, value: unknown) => {
  if (value === null || value === undefined || value === '') return '';
  const found = options?.find((o) => o.value === String(value));
  return found ? found.text : String(value);
};

/** The search fields of a report: a dictionary as a select, a range as two inputs, anything else as text. */
function SearchItem({ item, options }: { item: QueryInfoItem; options: DictModel[] | undefined }) {
  const placeholder = `请输入${item.label}`;
  if (item.view === 'list' && options) {
    return (
      <Form.Item name={item.field} label={item.label}>
        <Select allowClear placeholder={`请选择${item.label}`} options={options.map((o) => ({ value: o.value, label: o.text }))} />
      </Form.Item>
    );
  }
  if (item.mode === 'group') {
    const dated = item.view === 'date' || item.view === 'datetime';
    const end = (text: string) =>
      dated ? (
        <DatePicker style={{ width: '50%' }} aria-label={`${item.label}${text}`} placeholder={`${text}日期`} />
      ) : (
        <Input aria-label={`${item.label}${text}`} placeholder={text} />
      );
    return (
      <Form.Item label={item.label} style={{ marginBottom: 0 }}>
        <Space.Compact block>
          <Form.Item name={`${item.field}_begin`} noStyle>
            {end('开始')}
          </Form.Item>
          <Form.Item name={`${item.field}_end`} noStyle>
            {end('结束')}
          </Form.Item>
        </Space.Compact>
      </Form.Item>
    );
  }
  return (
    <Form.Item name={item.field} label={item.label}>
      <Input allowClear placeholder={placeholder} />
    </Form.Item>
  );
}

/**
 * A report's search form (查询 / 重置 / 展开: items after the second wait for 展开, JEECG-API §5.6 `hidden`),
 * its table with dictionary texts, server sort on the columns that offer it, and spec §9 paging.
 */
export function ReportView({ source, rowKey, pageSize: initialSize = 10, selection, extra, label }: Props) {
  const [form] = Form.useForm();
  const [expanded, setExpanded] = useState(false);
  const [query, setQuery] = useState<Query>({});
  const [page, setPage] = useState({ pageNo: 1, pageSize: initialSize });
  const [sort, setSort] = useState<{ column: string; order: 'asc' | 'desc' } | null>(null);
  const meta = useQuery({ queryKey: ['report-meta', source.key], queryFn: source.meta, staleTime: 30_000 });
  const id = meta.data?.id ?? null;
  const params: Query = { ...query, pageNo: page.pageNo, pageSize: page.pageSize, ...(sort ? sort : {}) };
  const data = useQuery({
    queryKey: ['report-rows', source.key, id, params],
    queryFn: ({ signal }) => source.rows(id!, params, signal),
    enabled: id !== null,
    placeholderData: (previous) => previous,
  });

  const dictOptions = useMemo(() => meta.data?.dictOptions ?? {}, [meta.data]);
  // a hidden `id` still comes with each row: it tells rows apart where a shown column repeats (React keeps
  // rows of the last page whose key repeats on this one)
  const hasId = meta.data?.columns.some((c) => c.dataIndex === 'id') || (data.data?.records ?? []).some((r) => r.id !== undefined && r.id !== null);
  const key = rowKey ?? (hasId ? 'id' : (meta.data?.columns[0]?.dataIndex ?? 'id'));
  const columns: TableColumnsType<Row> = useMemo(
    () =>
      (meta.data?.columns ?? []).map((c) => ({
        title: c.title,
        dataIndex: c.dataIndex,
        key: c.dataIndex,
        align: 'center' as const,
        ...(c.width ? { width: c.width } : {}),
        sorter: c.sorter === 'true',
        sortOrder: sort?.column === c.dataIndex ? (sort.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
        // amounts (Double columns) with thousands separators, cut from the exact text the server sends, never through a float
        render: (value: unknown) =>
          c.customRender
            ? textOf(dictOptions[c.customRender], value)
            : value === null || value === undefined
              ? ''
              : c.fieldType === 'Double' && /^-?\d+(\.\d+)?$/.test(String(value))
                ? formatNumber(String(value))
                : String(value),
        ...(c.fieldType === 'Double' ? { align: 'right' as const } : {}),
      })),
    [meta.data, dictOptions, sort],
  );

  const items = meta.data?.queryInfo ?? [];
  const visible = items.filter((i) => expanded || i.hidden !== '1');
  const handleSearch = () => {
    const values = form.getFieldsValue() as Record<string, unknown>;
    const next: Query = {};
    // a date picker holds a day.js value; the report's range search takes the day (`_end` of a datetime runs to 23:59:59 on the server)
    for (const [k, v] of Object.entries(values)) {
      const text = dayjs.isDayjs(v) ? v.format('YYYY-MM-DD') : v === undefined || v === null ? '' : String(v).trim();
      if (text !== '') next[k] = text;
    }
    setQuery(next);
    setPage((p) => ({ ...p, pageNo: 1 }));
  };
  const handleReset = () => {
    form.resetFields();
    setQuery({});
    setSort(null);
    setPage((p) => ({ ...p, pageNo: 1 }));
  };
  const handleTable: TableProps<Row>['onChange'] = (pagination, _filters, sorter) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    setSort(s?.order && typeof s.field === 'string' ? { column: s.field, order: s.order === 'ascend' ? 'asc' : 'desc' } : null);
    setPage({ pageNo: pagination.current ?? 1, pageSize: pagination.pageSize ?? initialSize });
  };
  const rowKeyOf = (row: Row) => String(row[key] ?? '').slice(0, 50);

  return (
    <div>
      {items.length > 0 && (
        <Form form={form} layout="inline" aria-label={`${label}查询条件`} onFinish={handleSearch} style={{ rowGap: 12, marginBottom: 12 }}>
          <Row gutter={[16, 12]} style={{ width: '100%' }}>
            {visible.map((item) => (
              <Col key={item.field} xs={24} sm={12} lg={8}>
                <SearchItem item={item} options={dictOptions[item.field]} />
              </Col>
            ))}
            <Col xs={24} sm={12} lg={8}>
              <Space wrap>
                <Button type="primary" htmlType="submit">
                  查询
                </Button>
                <Button onClick={handleReset}>重置</Button>
                {items.some((i) => i.hidden === '1') && (
                  <Button type="link" onClick={() => setExpanded((e) => !e)} aria-expanded={expanded}>
                    {expanded ? '收起' : '展开'} {expanded ? <UpOutlined /> : <DownOutlined />}
                  </Button>
                )}
              </Space>
            </Col>
          </Row>
        </Form>
      )}
      {extra?.({ id, query: { ...query, ...(sort ? sort : {}) }, reload: () => void data.refetch(), total: data.data?.total ?? 0 })}
      <Table<Row>
        size="middle"
        rowKey={rowKeyOf}
        columns={columns}
        dataSource={data.data?.records ?? []}
        loading={meta.isLoading || data.isFetching}
        onChange={handleTable}
        scroll={{ x: 'max-content' }}
        pagination={listPagination(page.pageNo, page.pageSize, data.data?.total ?? 0)}
        locale={{ emptyText: meta.isError ? '报表加载失败' : '暂无数据' }}
        rowSelection={
          selection
            ? {
                type: selection.multi ? 'checkbox' : 'radio',
                selectedRowKeys: selection.keys,
                preserveSelectedRowKeys: true,
                onChange: (keys, rows) => selection.onChange(keys.map(String), rows),
              }
            : undefined
        }
        onRow={
          selection
            ? (row) => ({
                onClick: () => {
                  const k = rowKeyOf(row);
                  if (!selection.multi) return selection.onChange([k], [row]);
                  const has = selection.keys.includes(k);
                  selection.onChange(
                    has ? selection.keys.filter((x) => x !== k) : [...selection.keys, k],
                    has ? selection.rows.filter((r) => rowKeyOf(r) !== k) : [...selection.rows, row],
                  );
                },
              })
            : undefined
        }
      />
    </div>
  );
}
