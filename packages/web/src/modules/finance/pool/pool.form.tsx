import { poolAddBody, type PoolRecord } from '@sbwq/contracts';
import { DatePicker, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DictSelect } from '../../../components/dict/DictSelect.tsx';
import { NumberTextInput } from '../../../components/form/NumberTextInput.tsx';
import { MoneyInput } from '../../../components/form/MoneyInput.tsx';
import { zodRule } from '../../../components/form/zodRule.ts';
import type { FormDefinition } from '../../../components/list/types.ts';
import type { PoolBody } from './pool.api.ts';

const shape = poolAddBody.shape;
const day = (value: unknown) => (value ? (value as Dayjs).format('YYYY-MM-DD') : null);
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** The add/edit dialog of a pool; only a pool in 筹备 is edited, and then its total may change too. */
export const poolForm: FormDefinition<PoolRecord, PoolBody> = {
  width: 720,
  initialValues: { fundSource: '1', poolYear: dayjs().year() },
  fields: (mode) => [
    {
      name: 'poolName',
      label: '名称',
      required: true,
      input: <Input placeholder="如 2026年度商标维权专项资金" maxLength={100} />,
      rules: [zodRule(shape.poolName)],
    },
    {
      name: 'fundSource',
      label: '资金来源',
      required: true,
      input: <DictSelect code="fund_source" showSearch={false} allowClear={false} />,
      rules: [zodRule(shape.fundSource)],
    },
    { name: 'poolYear', label: '年度', required: true, input: <NumberTextInput placeholder="如 2026" />, rules: [zodRule(shape.poolYear)] },
    {
      name: 'totalAmount',
      label: '总额（元）',
      input: <MoneyInput placeholder="如 1000000.00" />,
      rules: [zodRule(shape.totalAmount)],
      extra: mode === 'add' ? '填写的总额记为初始入账；启用后总额只能通过入账和调整变动' : '修改总额会记一笔调整；启用后不能再修改',
    },
    { name: 'subsidyPerCase', label: '单件补贴标准（元）', input: <MoneyInput placeholder="可不填" />, rules: [zodRule(shape.subsidyPerCase)] },
    { name: 'orgCap', label: '单机构上限（元）', input: <MoneyInput placeholder="可不填" />, rules: [zodRule(shape.orgCap)] },
    { name: 'validFrom', label: '有效期开始', input: <DatePicker style={{ width: '100%' }} /> },
    { name: 'validTo', label: '有效期结束', input: <DatePicker style={{ width: '100%' }} /> },
    { name: 'remark', label: '备注', input: <Input.TextArea rows={2} maxLength={500} />, rules: [zodRule(shape.remark)] },
  ],
  load: (record) => ({
    ...record,
    validFrom: record.validFrom ? dayjs(record.validFrom) : null,
    validTo: record.validTo ? dayjs(record.validTo) : null,
  }),
  toBody: (values, mode, record) => ({
    ...(mode === 'edit' && record ? { id: record.id } : {}),
    poolName: String(values.poolName ?? ''),
    fundSource: String(values.fundSource ?? ''),
    poolYear: Number(values.poolYear),
    totalAmount: text(values.totalAmount) ?? (mode === 'add' ? '0' : undefined),
    subsidyPerCase: text(values.subsidyPerCase),
    orgCap: text(values.orgCap),
    validFrom: day(values.validFrom),
    validTo: day(values.validTo),
    remark: text(values.remark),
  }),
};
