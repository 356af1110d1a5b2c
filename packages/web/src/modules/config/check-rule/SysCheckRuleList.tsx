import { checkRuleAddBody, CheckRulePerm, checkRuleResource, type CheckRuleRecord } from '@sbwq/contracts';
import { Input } from 'antd';
import { useMemo, useState } from 'react';
import { serverCheckRule, zodRule } from '../../../components/form/zodRule.ts';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { FormMode, ListDefinition } from '../../../components/list/types.ts';
import { checkRuleApi, checkRuleCodeFree, type CheckRuleBody } from './checkRule.api.ts';
import { CheckRuleTestModal } from './CheckRuleTestModal.tsx';
import { RuleItemsEditor } from './RuleItemsEditor.tsx';
import { itemsOf, newRow, rowsOf, rowsProblem, type RuleRow } from './ruleItems.ts';
import { RULE_SEARCH, ruleNameColumns } from '../shared/ruleList.ts';
import { resourceList } from '../../../components/list/resourceList.ts';

const shape = checkRuleAddBody.shape;

function fields(mode: FormMode, record: CheckRuleRecord | null) {
  return [
    { name: 'ruleName', label: '规则名称', required: true, input: <Input placeholder="请输入规则名称" />, rules: [zodRule(shape.ruleName)] },
    {
      name: 'ruleCode',
      label: '规则编码',
      required: true,
      input: <Input placeholder="请输入规则编码" />,
      rules: [zodRule(shape.ruleCode), serverCheckRule((value) => checkRuleCodeFree(value, record?.id))],
      validateDebounce: 400,
    },
    {
      name: 'rows',
      label: '规则内容',
      required: true,
      input: <RuleItemsEditor />,
      rules: [
        {
          validator: async (_rule: unknown, rows: RuleRow[] | undefined) => {
            const problem = rowsProblem(rows);
            if (problem) throw new Error(problem);
          },
        },
      ],
      extra: mode === 'add' ? '规则自上而下依次校验，第一条未通过的规则给出提示；保存时服务端会检查正则表达式是否有效、是否会因回溯过多而卡住。' : undefined,
    },
    { name: 'ruleDescription', label: '规则描述', input: <Input.TextArea rows={2} placeholder="请输入规则描述" />, rules: [zodRule(shape.ruleDescription)] },
  ];
}

const toBody = (values: Record<string, unknown>, mode: FormMode, record: CheckRuleRecord | null): CheckRuleBody => ({
  ...(mode === 'edit' && record ? { id: record.id } : {}),
  ruleName: String(values.ruleName ?? ''),
  ruleCode: String(values.ruleCode ?? ''),
  ruleJson: itemsOf((values.rows as RuleRow[]) ?? []),
  ruleDescription: (values.ruleDescription as string | undefined) || null,
});

/** 校验规则 (system/SysCheckRuleList): named, ordered checks that forms ask the server to apply (checkByCode). */
export function SysCheckRuleList() {
  const [testing, setTesting] = useState<CheckRuleRecord | null>(null);

  const definition = useMemo<ListDefinition<CheckRuleRecord, CheckRuleBody>>(
    () => ({
      key: 'system-check-rule',
      ...resourceList(checkRuleResource, checkRuleApi),
      detail: false,
      actionColumnWidth: 200,
      search: RULE_SEARCH,
      columns: [
        ...ruleNameColumns<CheckRuleRecord>(),
        { title: '规则数', key: 'count', width: 80, align: 'center', render: (_: unknown, rule: CheckRuleRecord) => rowsOf(rule.ruleJson).length },
        { title: '规则描述', dataIndex: 'ruleDescription', ellipsis: true },
        { title: '创建时间', dataIndex: 'createTime', kind: 'datetime', sorter: true },
      ],
      form: {
        width: 1080,
        fields,
        initialValues: { rows: [newRow()] },
        load: (rule) => ({ ...rule, rows: rowsOf(rule.ruleJson) }),
        toBody,
      },
      rowActions: [{ key: 'test', label: '功能测试', code: CheckRulePerm.list, inline: true, onClick: (rule) => setTesting(rule) }],
    }),
    [],
  );

  return (
    <>
      <ListPage definition={definition} />
      <CheckRuleTestModal rule={testing} onClose={() => setTesting(null)} />
    </>
  );
}
