import { REPORT_FIELD_TYPES, REPORT_SEARCH_MODE_LABELS, REPORT_SEARCH_MODES, type ReportColumn, type ReportParam } from '@sbwq/contracts';
import { AutoComplete, Button, Checkbox, Form, Input, Select, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { dictApi } from '../../config/dict/dict.api.ts';
import { reportCalls } from '../../../components/popup/report.calls.ts';
import { showFailure, unwrap } from '../../../platform/result.ts';

type Props = { id?: string; value?: ReportColumn[]; onChange?: (value: ReportColumn[]) => void };

type DictChoice = { value: string; label: string; search: string };

/** The dictionaries there are, to pick a column's 字典编码 from (a code typed by hand is still taken). */
function useDictChoices(): DictChoice[] {
  const dicts = useQuery({
    queryKey: ['system', 'report', 'dict-choices'],
    queryFn: async () => unwrap(await dictApi.list({ pageNo: 1, pageSize: 1000, column: 'dictCode', order: 'asc' })).records,
    staleTime: 60_000,
  });
  return (dicts.data ?? []).map((d) => ({ value: d.dictCode, label: `${d.dictName}（${d.dictCode}）`, search: `${d.dictName} ${d.dictCode}`.toLowerCase() }));
}

function DictCodePicker({ value, onChange, choices }: { value: string | null; onChange: (code: string | null) => void; choices: DictChoice[] }) {
  return (
    <AutoComplete
      aria-label="字典编码"
      value={value ?? ''}
      style={{ width: '100%' }}
      allowClear
      placeholder="选择或输入字典"
      options={choices}
      popupMatchSelectWidth={280}
      filterOption={(input, option) => !input || (option?.search ?? '').includes(input.trim().toLowerCase())}
      onChange={(code: string | undefined) => onChange(code?.trim() ? code.trim() : null)}
    />
  );
}

/**
 * The report's columns: title, type, shown, searched (精确 / 模糊 / 范围), sortable, dictionary. 解析SQL
 * reads them from the SQL as typed (kept settings of columns that stay) with the parameters and a preview.
 */
export function ReportColumnsEditor({ id, value = [], onChange }: Props) {
  const form = Form.useFormInstance();
  const [preview, setPreview] = useState<Record<string, unknown>[] | null>(null);
  const [parsing, setParsing] = useState(false);
  const dictChoices = useDictChoices();
  const set = (index: number, patch: Partial<ReportColumn>) => onChange?.(value.map((c, i) => (i === index ? { ...c, ...patch } : c)));

  const handleParse = async () => {
    setParsing(true);
    try {
      const params = (form.getFieldValue('params') as ReportParam[] | undefined) ?? [];
      const parsed = unwrap(
        await reportCalls.parseSql({
          cgrSql: String(form.getFieldValue('cgrSql') ?? ''),
          params,
          dbSource: (form.getFieldValue('dbSource') as string | undefined) || null,
        }),
      );
      onChange?.(parsed.columns.map((c) => ({ ...c, ...value.find((old) => old.fieldName === c.fieldName), orderNum: c.orderNum })));
      form.setFieldValue('params', parsed.params);
      setPreview(parsed.records);
    } catch (error) {
      showFailure(error);
    } finally {
      setParsing(false);
    }
  };

  return (
    <div id={id}>
      <Space style={{ marginBottom: 8 }} wrap>
        <Button onClick={handleParse} loading={parsing} type="dashed">
          解析SQL
        </Button>
        <Typography.Text type="secondary">按 SQL 的查询结果生成字段；已配置的同名字段保留设置</Typography.Text>
      </Space>
      <Table<ReportColumn>
        size="small"
        rowKey="fieldName"
        pagination={false}
        scroll={{ x: 960 }}
        dataSource={value}
        locale={{ emptyText: '暂无字段，请先填写SQL并点“解析SQL”' }}
        columns={[
          { title: '字段', dataIndex: 'fieldName', width: 140 },
          {
            title: '显示名称',
            dataIndex: 'fieldTxt',
            width: 160,
            render: (v: string, _r, i) => <Input aria-label="显示名称" value={v} onChange={(e) => set(i, { fieldTxt: e.target.value })} />,
          },
          {
            title: '类型',
            dataIndex: 'fieldType',
            width: 120,
            render: (v: ReportColumn['fieldType'], _r, i) => (
              <Select<ReportColumn['fieldType']>
                aria-label="类型"
                value={v}
                style={{ width: '100%' }}
                options={REPORT_FIELD_TYPES.map((t) => ({ value: t, label: t }))}
                onChange={(t) => set(i, { fieldType: t })}
              />
            ),
          },
          {
            title: '显示',
            dataIndex: 'isShow',
            width: 60,
            render: (v: boolean, _r, i) => <Checkbox aria-label="显示" checked={v} onChange={(e) => set(i, { isShow: e.target.checked })} />,
          },
          {
            title: '查询',
            dataIndex: 'isSearch',
            width: 60,
            render: (v: boolean, _r, i) => <Checkbox aria-label="查询" checked={v} onChange={(e) => set(i, { isSearch: e.target.checked })} />,
          },
          {
            title: '查询模式',
            dataIndex: 'searchMode',
            width: 110,
            render: (v: ReportColumn['searchMode'], _r, i) => (
              <Select
                aria-label="查询模式"
                value={v}
                style={{ width: '100%' }}
                options={REPORT_SEARCH_MODES.map((m) => ({ value: m, label: REPORT_SEARCH_MODE_LABELS[m] }))}
                onChange={(m) => set(i, { searchMode: m })}
              />
            ),
          },
          {
            title: '排序',
            dataIndex: 'isOrder',
            width: 60,
            render: (v: boolean, _r, i) => <Checkbox aria-label="排序" checked={v} onChange={(e) => set(i, { isOrder: e.target.checked })} />,
          },
          {
            title: '字典编码',
            dataIndex: 'dictCode',
            width: 200,
            render: (v: string | null, _r, i) => <DictCodePicker value={v} choices={dictChoices} onChange={(code) => set(i, { dictCode: code })} />,
          },
        ]}
      />
      {preview && (
        <div style={{ marginTop: 12 }}>
          <Typography.Text strong>预览（前 10 行）</Typography.Text>
          <Table
            size="small"
            rowKey={(_r, i) => String(i)}
            pagination={false}
            scroll={{ x: 'max-content' }}
            dataSource={preview}
            columns={value.map((c) => ({
              title: c.fieldTxt || c.fieldName,
              dataIndex: c.fieldName,
              render: (v: unknown) => (v === null || v === undefined ? '' : String(v)),
            }))}
          />
        </div>
      )}
    </div>
  );
}

/** The report's `${name}` parameters: title and default value (names come from 解析SQL). */
export function ReportParamsEditor({ id, value = [], onChange }: { id?: string; value?: ReportParam[]; onChange?: (value: ReportParam[]) => void }) {
  if (value.length === 0)
    return (
      <Typography.Text type="secondary" id={id}>
        SQL 中没有 ${'{参数名}'} 参数
      </Typography.Text>
    );
  const set = (index: number, patch: Partial<ReportParam>) => onChange?.(value.map((p, i) => (i === index ? { ...p, ...patch } : p)));
  return (
    <Table<ReportParam>
      id={id}
      size="small"
      rowKey="paramName"
      pagination={false}
      dataSource={value}
      columns={[
        { title: '参数', dataIndex: 'paramName', width: 140 },
        {
          title: '参数名称',
          dataIndex: 'paramTxt',
          render: (v: string, _r, i) => <Input aria-label="参数名称" value={v} onChange={(e) => set(i, { paramTxt: e.target.value })} />,
        },
        {
          title: '默认值',
          dataIndex: 'paramValue',
          render: (v: string | null, _r, i) => <Input aria-label="默认值" value={v ?? ''} onChange={(e) => set(i, { paramValue: e.target.value })} />,
        },
      ]}
    />
  );
}
