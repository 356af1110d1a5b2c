import { bankAccountBody, type BankAccountRecord } from '@sbwq/contracts';
import { Input, Switch } from 'antd';
import { DictSelect } from '../../../components/dict/DictSelect.tsx';
import { zodRule } from '../../../components/form/zodRule.ts';
import type { FormDefinition } from '../../../components/list/types.ts';
import { FileUpload } from '../../../components/upload/FileUpload.tsx';
import { bankApi, type BankBody } from './bank.api.ts';

const shape = bankAccountBody.shape;

/** The add/edit dialog of an account (DOMAIN.md bank account); saving sends it to finance for approval. */
export const bankForm: FormDefinition<BankAccountRecord, BankBody> = {
  width: 720,
  initialValues: { accountNature: '1', isDefault: false },
  fields: () => [
    {
      name: 'accountName',
      label: '开户名称',
      required: true,
      input: <Input placeholder="与机构名称一致的账户名" maxLength={100} />,
      rules: [zodRule(shape.accountName)],
    },
    { name: 'bankName', label: '开户银行', required: true, input: <Input placeholder="如 中国工商银行" maxLength={100} />, rules: [zodRule(shape.bankName)] },
    {
      name: 'branchName',
      label: '开户支行',
      required: true,
      input: <Input placeholder="如 杭州西湖支行" maxLength={100} />,
      rules: [zodRule(shape.branchName)],
    },
    { name: 'accountNo', label: '银行账号', required: true, input: <Input placeholder="8-30位数字" maxLength={40} />, rules: [zodRule(shape.accountNo)] },
    { name: 'bankCode', label: '联行号', input: <Input placeholder="12位数字，可不填" maxLength={12} />, rules: [zodRule(shape.bankCode)] },
    {
      name: 'accountNature',
      label: '账户性质',
      required: true,
      input: <DictSelect code="account_nature" showSearch={false} allowClear={false} />,
      rules: [zodRule(shape.accountNature)],
    },
    { name: 'isDefault', label: '设为默认', valuePropName: 'checked', input: <Switch />, extra: '付款默认使用该账户；每个机构只有一个默认账户' },
    {
      name: 'proofFile',
      label: '证明文件',
      input: <FileUpload biz="rights_bank" text="上传开户证明" />,
      rules: [zodRule(shape.proofFile)],
      extra: '开户许可证或银行出具的账户证明',
    },
    { name: 'remark', label: '备注', input: <Input.TextArea rows={2} maxLength={500} />, rules: [zodRule(shape.remark)] },
  ],
  // the row may be minutes old, and an edit needs the whole number
  load: async (record) => {
    const fresh = await bankApi.byId(record.id);
    return { ...fresh, isDefault: fresh.isDefault === '1' };
  },
  toBody: (values, mode, record) => ({
    ...(mode === 'edit' && record ? { id: record.id } : {}),
    accountName: (values.accountName as string | undefined) ?? '',
    bankName: (values.bankName as string | undefined) ?? '',
    branchName: (values.branchName as string | undefined) ?? '',
    accountNo: (values.accountNo as string | undefined) ?? '',
    bankCode: (values.bankCode as string | undefined) || null,
    accountNature: (values.accountNature as string | undefined) ?? '',
    isDefault: values.isDefault ? '1' : '0',
    proofFile: (values.proofFile as string | undefined) || null,
    remark: (values.remark as string | undefined) || null,
  }),
};
