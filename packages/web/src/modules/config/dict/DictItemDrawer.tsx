import { dictItemAddBody, dictItemResource, type DictItemRecord, type DictRecord } from '@sbwq/contracts';
import { Drawer, Input, Tabs, Typography } from 'antd';
import { useMemo } from 'react';
import { DictRadio } from '../../../components/dict/DictRadio.tsx';
import { DictTag } from '../../../components/dict/DictTag.tsx';
import { NumberTextInput } from '../../../components/form/NumberTextInput.tsx';
import { serverCheckRule, zodRule } from '../../../components/form/zodRule.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { FormMode, ListDefinition } from '../../../components/list/types.ts';
import { checkItemValue, dictItemApi, type DictItemBody } from './dict.api.ts';
import { DictItemTableEditor } from './DictItemTableEditor.tsx';
import { resourceList } from '../../../components/list/resourceList.ts';

const shape = dictItemAddBody.shape;
/** JEECG-API §6.2: sys_dict_item.status is coded by dict_item_status (1 启用, 0 不启用). */
const STATUS_DICT = 'dict_item_status';
const STATUS_COLORS = { '1': 'green', '0': 'default' };

function itemDefinition(dict: DictRecord): ListDefinition<DictItemRecord, DictItemBody> {
  const fields = (_mode: FormMode, record: DictItemRecord | null) => [
    { name: 'itemText', label: '名称', required: true, input: <Input placeholder="请输入名称" />, rules: [zodRule(shape.itemText)] },
    {
      name: 'itemValue',
      label: '数据值',
      required: true,
      input: <Input placeholder="请输入数据值" />,
      rules: [zodRule(shape.itemValue), serverCheckRule((value) => checkItemValue(dict.id, value, record?.id))],
      validateDebounce: 400,
    },
    { name: 'description', label: '描述', input: <Input.TextArea rows={3} placeholder="请输入描述" />, rules: [zodRule(shape.description)] },
    { name: 'sortOrder', label: '排序值', input: <NumberTextInput placeholder="请输入排序值（越小越靠前）" />, rules: [zodRule(shape.sortOrder)] },
    { name: 'status', label: '是否启用', input: <DictRadio code={STATUS_DICT} />, rules: [zodRule(shape.status)] },
  ];
  return {
    key: 'system-dict-item',
    ...resourceList(dictItemResource, dictItemApi),
    detail: false,
    defaultSort: { column: 'sortOrder', order: 'asc' },
    search: [
      { name: 'itemText', label: '名称' },
      { name: 'status', label: '状态', type: 'dict', dictCode: STATUS_DICT },
    ],
    columns: [
      { title: '名称', dataIndex: 'itemText' },
      { title: '数据值', dataIndex: 'itemValue' },
      { title: '描述', dataIndex: 'description', ellipsis: true },
      { title: '排序', dataIndex: 'sortOrder', width: 80, align: 'center', sorter: true },
      {
        title: '状态',
        dataIndex: 'status',
        width: 90,
        align: 'center',
        render: (status, item) => <DictTag code={STATUS_DICT} value={status} text={item.status_dictText} colors={STATUS_COLORS} />,
      },
    ],
    form: {
      width: 640,
      fields,
      initialValues: { sortOrder: 1, status: '1' },
      toBody: (values, mode, record) => ({
        ...(values as Omit<DictItemBody, 'dictId'>),
        dictId: dict.id,
        ...(mode === 'edit' && record ? { id: record.id } : {}),
      }),
    },
  };
}

/**
 * 字典配置: the items of one dictionary (JEECG-API §5.3 /sys/dictItem/*), listed, searched and edited one
 * by one (列表), or all at once in the editable table (表格编辑).
 */
export function DictItemDrawer({ dict, onClose }: { dict: DictRecord | null; onClose: () => void }) {
  const definition = useMemo(() => (dict ? itemDefinition(dict) : null), [dict]);
  const params = useMemo(() => (dict ? { dictId: dict.id } : {}), [dict]);
  return (
    <Drawer title={dict ? `字典配置：${dict.dictName}（${dict.dictCode}）` : '字典配置'} open={dict !== null} onClose={onClose} size={960} destroyOnHidden>
      <Typography.Paragraph type="secondary" style={{ marginTop: -8 }}>
        修改字典项后，点击列表上方的「刷新缓存」，各页面的下拉选项随之更新。
      </Typography.Paragraph>
      {dict && definition && (
        <Tabs
          destroyOnHidden
          items={[
            { key: 'list', label: '列表', children: <ListPage definition={definition} params={params} embedded /> },
            { key: 'table', label: '表格编辑', children: <DictItemTableEditor dict={dict} /> },
          ]}
        />
      )}
    </Drawer>
  );
}
