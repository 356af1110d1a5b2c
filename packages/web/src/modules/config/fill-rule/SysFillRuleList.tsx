import {
  FillRulePerm,
  fillRuleResource,
  FILL_DATE_PATTERNS,
  FILL_RESET_CYCLES,
  fillRuleAddBody,
  fillRuleCombinationError,
  type FillDatePattern,
  type FillResetCycle,
  type FillRuleRecord,
} from '@sbwq/contracts';
import { Form, Input, Select, Typography, type FormRule } from 'antd';
import { NumberTextInput } from '../../../components/form/NumberTextInput.tsx';
import { serverCheckRule, zodRule } from '../../../components/form/zodRule.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { FormMode, ListDefinition } from '../../../components/list/types.ts';
import { feedback } from '../../../platform/feedback.ts';
import { showFailure, unwrap } from '../../../platform/result.ts';
import { checkFillRuleCode, executeFillRule, fillRuleApi, type FillRuleBody } from './fillRule.api.ts';
import { DATE_PATTERN_TEXT, RESET_CYCLE_TEXT, sampleCode } from './fillRule.options.ts';
import { RULE_SEARCH, ruleNameColumns } from '../shared/ruleList.ts';
import { resourceList } from '../../../components/list/resourceList.ts';

const shape = fillRuleAddBody.shape;

/** A reset period finer than the date part would repeat numbers (contracts `fillRuleCombinationError`). */
const combinationRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: FillResetCycle | undefined) => {
    const error = fillRuleCombinationError((getFieldValue('datePattern') ?? 'yyyyMMdd') as FillDatePattern, value ?? 'day');
    if (error) throw new Error(error);
  },
});

/** The number the rule as typed would give first today, updated while the form changes. */
function SamplePreview() {
  const form = Form.useFormInstance();
  const prefix = Form.useWatch('prefix', form) as string | undefined;
  const datePattern = Form.useWatch('datePattern', form) as FillDatePattern | undefined;
  const seqWidth = Form.useWatch('seqWidth', form) as number | undefined;
  return <Typography.Text code>{sampleCode({ prefix, datePattern, seqWidth })}</Typography.Text>;
}

function fields(mode: FormMode, record: FillRuleRecord | null) {
  return [
    { name: 'ruleName', label: '规则名称', required: true, input: <Input placeholder="请输入规则名称" />, rules: [zodRule(shape.ruleName)] },
    {
      name: 'ruleCode',
      label: '规则编码',
      required: true,
      input: <Input placeholder="请输入规则编码" disabled={mode === 'edit'} />,
      rules: mode === 'add' ? [zodRule(shape.ruleCode), serverCheckRule((value) => checkFillRuleCode(value, record?.id))] : [],
      validateDebounce: mode === 'add' ? 400 : undefined,
      extra: mode === 'edit' ? '已生成的编号依赖规则编码，不能修改' : undefined,
    },
    { name: 'prefix', label: '前缀', input: <Input placeholder="如 XS（可不填）" />, rules: [zodRule(shape.prefix)] },
    {
      name: 'datePattern',
      label: '日期格式',
      required: true,
      input: <Select options={FILL_DATE_PATTERNS.map((value) => ({ value, label: DATE_PATTERN_TEXT[value] }))} />,
      rules: [zodRule(shape.datePattern)],
    },
    { name: 'seqWidth', label: '流水号位数', required: true, input: <NumberTextInput placeholder="1到10" />, rules: [zodRule(shape.seqWidth)] },
    {
      name: 'resetCycle',
      label: '重置周期',
      required: true,
      input: <Select options={FILL_RESET_CYCLES.map((value) => ({ value, label: RESET_CYCLE_TEXT[value] }))} />,
      rules: [zodRule(shape.resetCycle), combinationRule],
      dependencies: ['datePattern'],
    },
    { name: 'sample', label: '编号示例', input: <SamplePreview /> },
    { name: 'description', label: '描述', input: <Input.TextArea rows={3} placeholder="请输入描述" />, rules: [zodRule(shape.description)] },
  ];
}

const toBody = (values: Record<string, unknown>, mode: FormMode, record: FillRuleRecord | null): FillRuleBody => ({
  ...(mode === 'edit' && record ? { id: record.id } : {}),
  ruleName: String(values.ruleName ?? ''),
  ruleCode: mode === 'edit' && record ? record.ruleCode : String(values.ruleCode ?? ''),
  prefix: (values.prefix as string | undefined) || null,
  datePattern: values.datePattern as FillDatePattern,
  seqWidth: Number(values.seqWidth),
  resetCycle: values.resetCycle as FillResetCycle,
  description: (values.description as string | undefined) || null,
});

/** 功能测试: asks the server for the rule's next number and shows it. */
async function handleTest(rule: FillRuleRecord) {
  try {
    const code = unwrap(await executeFillRule(rule.ruleCode));
    feedback().modal.success({
      title: '功能测试',
      content: (
        <>
          <div>
            「{rule.ruleName}」生成的编号：
            <Typography.Text strong copyable>
              {code}
            </Typography.Text>
          </div>
          <Typography.Text type="secondary">测试生成的编号已占用一个流水号。</Typography.Text>
        </>
      ),
      okText: '知道了',
    });
  } catch (error) {
    showFailure(error);
  }
}

const definition: ListDefinition<FillRuleRecord, FillRuleBody> = {
  key: 'system-fill-rule',
  ...resourceList(fillRuleResource, fillRuleApi),
  detail: false,
  actionColumnWidth: 200,
  search: RULE_SEARCH,
  columns: [
    ...ruleNameColumns<FillRuleRecord>(),
    {
      title: '日期格式',
      dataIndex: 'datePattern',
      width: 110,
      align: 'center',
      render: (value: FillDatePattern) => (value === 'none' ? DATE_PATTERN_TEXT.none : value),
    },
    { title: '流水号位数', dataIndex: 'seqWidth', width: 100, align: 'center' },
    { title: '重置周期', dataIndex: 'resetCycle', width: 100, align: 'center', render: (value: FillResetCycle) => RESET_CYCLE_TEXT[value] ?? value },
    { title: '编号示例', key: 'sample', width: 160, render: (_: unknown, rule: FillRuleRecord) => <Typography.Text code>{sampleCode(rule)}</Typography.Text> },
    { title: '描述', dataIndex: 'description', ellipsis: true },
  ],
  form: { width: 680, fields, initialValues: { datePattern: 'yyyyMMdd', seqWidth: 3, resetCycle: 'day' }, toBody },
  rowActions: [{ key: 'test', label: '功能测试', code: FillRulePerm.list, inline: true, onClick: (rule) => void handleTest(rule) }],
};

/** 填值规则 (system/SysFillRuleList). */
export function SysFillRuleList() {
  return <ListPage definition={definition} />;
}
