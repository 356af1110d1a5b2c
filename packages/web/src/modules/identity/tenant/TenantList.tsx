import { tenantBody, tenantResource, type TenantRecord } from '@sbwq/contracts';
import { DatePicker, Input, InputNumber, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DictTag } from '../../../components/dict/DictTag.tsx';
import { zodRule } from '../../../components/form/zodRule.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { ListDefinition } from '../../../components/list/types.ts';
import { resourceList } from '../../../components/list/resourceList.ts';
import { tenantApi, type TenantFormBody } from './tenant.api.ts';

const shape = tenantBody.shape;
const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

const formatDate = (value: unknown) => (value ? (value as Dayjs).format(DATE_TIME) : null);

/** 租户管理 (JEECG-API §4.5 sys_tenant): integer ids chosen on add; the tenant_id header selects one. */
const definition: ListDefinition<TenantRecord, TenantFormBody> = {
  key: 'system-tenant',
  ...resourceList(tenantResource, tenantApi),
  rowKey: (tenant) => String(tenant.id),
  defaultSort: { column: 'id', order: 'asc' },
  search: [
    { name: 'name', label: '租户名称' },
    { name: 'status', label: '状态', type: 'dict', dictCode: 'tenant_status' },
  ],
  columns: [
    { title: '租户编号', dataIndex: 'id', sorter: true, width: 110, align: 'center' },
    { title: '租户名称', dataIndex: 'name', sorter: true },
    { title: '开始时间', dataIndex: 'beginDate', width: 180, align: 'center' },
    { title: '结束时间', dataIndex: 'endDate', width: 180, align: 'center' },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      align: 'center',
      render: (value, tenant) => <DictTag code="tenant_status" value={value} text={tenant.status_dictText} colors={{ '1': 'green', '0': 'red' }} />,
    },
  ],
  form: {
    width: 640,
    initialValues: { status: 1 },
    fields: (mode) => [
      {
        name: 'id',
        label: '租户编号',
        required: true,
        input: <InputNumber min={1} max={99999} precision={0} style={{ width: 200 }} disabled={mode === 'edit'} placeholder="1-99999" />,
        rules: [zodRule(shape.id)],
      },
      { name: 'name', label: '租户名称', required: true, input: <Input placeholder="请输入租户名称" />, rules: [zodRule(shape.name)] },
      { name: 'beginDate', label: '开始时间', input: <DatePicker showTime style={{ width: '100%' }} placeholder="请选择开始时间" /> },
      {
        name: 'endDate',
        label: '结束时间',
        dependencies: ['beginDate'],
        input: <DatePicker showTime style={{ width: '100%' }} placeholder="请选择结束时间" />,
        rules: [
          ({ getFieldValue }) => ({
            validator: async (_, value?: Dayjs) => {
              const begin = getFieldValue('beginDate') as Dayjs | undefined;
              if (value && begin && value.isBefore(begin)) throw new Error('结束时间不能早于开始时间');
            },
          }),
        ],
      },
      {
        name: 'status',
        label: '状态',
        input: (
          <Radio.Group
            options={[
              { value: 1, label: '正常' },
              { value: 0, label: '冻结' },
            ]}
          />
        ),
      },
    ],
    load: (tenant) => ({
      ...tenant,
      beginDate: tenant.beginDate ? dayjs(tenant.beginDate) : undefined,
      endDate: tenant.endDate ? dayjs(tenant.endDate) : undefined,
    }),
    toBody: (values, mode, record) => ({
      ...(values as TenantFormBody),
      id: mode === 'edit' && record ? record.id : Number(values.id),
      beginDate: formatDate(values.beginDate),
      endDate: formatDate(values.endDate),
    }),
  },
};

export function TenantList() {
  return <ListPage definition={definition} />;
}
