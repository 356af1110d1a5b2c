import { tableDictAddBody, TableDictPerm, tableDictResource, type TableDictRecord } from '@sbwq/contracts';
import { Input, Switch, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { zodRule } from '../../../components/form/zodRule.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { FormMode, ListDefinition } from '../../../components/list/types.ts';
import { filterLabel, SourceColumnSelect, SourceFilterSelect, SourceTableSelect, useSources } from './SourceSelects.tsx';
import { tableDictApi, type TableDictBody } from './tableDict.api.ts';
import { TableDictPreviewModal } from './TableDictPreviewModal.tsx';
import { resourceList } from '../../../components/list/resourceList.ts';

const shape = tableDictAddBody.shape;

function fields(_mode: FormMode) {
  return [
    { name: 'tableName', label: '表名', required: true, input: <SourceTableSelect />, rules: [zodRule(shape.tableName)] },
    {
      name: 'textField',
      label: '文本字段',
      required: true,
      input: <SourceColumnSelect placeholder="请选择显示为文本的字段" />,
      rules: [zodRule(shape.textField)],
      dependencies: ['tableName'],
    },
    {
      name: 'codeField',
      label: '编码字段',
      required: true,
      input: <SourceColumnSelect placeholder="请选择作为值的字段" />,
      rules: [zodRule(shape.codeField)],
      dependencies: ['tableName'],
    },
    { name: 'filterKey', label: '过滤条件', input: <SourceFilterSelect />, dependencies: ['tableName'] },
    {
      name: 'description',
      label: '描述',
      input: <Input.TextArea rows={2} placeholder="请输入描述，如：用户（账号 → 姓名）" />,
      rules: [zodRule(shape.description)],
    },
    { name: 'enabled', label: '启用', input: <Switch checkedChildren="启用" unCheckedChildren="停用" />, valuePropName: 'checked' },
  ];
}

const toBody = (values: Record<string, unknown>, mode: FormMode, record: TableDictRecord | null): TableDictBody => ({
  ...(mode === 'edit' && record ? { id: record.id } : {}),
  tableName: String(values.tableName ?? ''),
  textField: String(values.textField ?? ''),
  codeField: String(values.codeField ?? ''),
  filterKey: (values.filterKey as string | null | undefined) || null,
  description: (values.description as string | undefined) || null,
  enabled: values.enabled ? 1 : 0,
});

/**
 * 表字典登记 (system/SysTableDictList): the only table dictionaries (`表,文本字段,编码字段`) the server
 * resolves, chosen from its allow-list of tables, columns and fixed filters.
 */
export function SysTableDictList() {
  const sources = useSources();
  const [previewing, setPreviewing] = useState<TableDictRecord | null>(null);
  const definition = useMemo<ListDefinition<TableDictRecord, TableDictBody>>(
    () => ({
      key: 'system-table-dict',
      ...resourceList(tableDictResource, tableDictApi),
      entity: '表字典',
      detail: false,
      defaultSort: { column: 'code', order: 'asc' },
      search: [
        { name: 'code', label: '表字典编码' },
        { name: 'tableName', label: '表名' },
      ],
      columns: [
        { title: '表字典编码', dataIndex: 'code', sorter: true, width: 300 },
        { title: '表名', dataIndex: 'tableName', sorter: true },
        { title: '文本字段', dataIndex: 'textField' },
        { title: '编码字段', dataIndex: 'codeField' },
        { title: '过滤条件', dataIndex: 'filterKey', render: (key: string | null, entry: TableDictRecord) => filterLabel(sources.data, entry.tableName, key) },
        { title: '描述', dataIndex: 'description', ellipsis: true },
        {
          title: '状态',
          dataIndex: 'enabled',
          width: 80,
          align: 'center',
          render: (enabled: number) => (enabled === 1 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>),
        },
      ],
      form: {
        width: 680,
        fields,
        initialValues: { enabled: true },
        load: (entry) => ({ ...entry, enabled: entry.enabled === 1 }),
        toBody,
      },
      rowActions: [
        {
          key: 'preview',
          label: '预览',
          code: TableDictPerm.list,
          inline: true,
          visible: (entry) => entry.enabled === 1,
          onClick: (entry) => setPreviewing(entry),
        },
      ],
    }),
    [sources.data],
  );
  return (
    <>
      <ListPage definition={definition} />
      <TableDictPreviewModal entry={previewing} onClose={() => setPreviewing(null)} />
    </>
  );
}
