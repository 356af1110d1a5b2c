import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Select, Space, Tooltip } from 'antd';
import { DataTable } from '../../../components/list/DataTable.tsx';
import { NumberTextInput } from '../../../components/form/NumberTextInput.tsx';
import { MAX_RULE_ROWS, newRow, type RuleRow } from './ruleItems.ts';
import { useActionColumnFixed } from '../../../components/list/tableLayout.ts';

type RuleItemsEditorProps = {
  id?: string;
  value?: RuleRow[];
  onChange?: (rows: RuleRow[]) => void;
};

const KIND_OPTIONS = [
  { value: 'regex', label: '正则表达式' },
  { value: 'length', label: '长度范围' },
];

/**
 * The ordered items of a check rule (JEECG-API §5.4): each checks the whole value (`*`) or the next N
 * characters, by a regular expression or a length range, and names the message shown when it fails.
 * They run top to bottom; the first failure is the answer, so the order is editable.
 */
export function RuleItemsEditor({ id, value = [], onChange }: RuleItemsEditorProps) {
  const actionsFixed = useActionColumnFixed();
  const change = (index: number, patch: Partial<RuleRow>) => onChange?.(value.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    onChange?.(next);
  };

  return (
    <div id={id}>
      <DataTable<RuleRow>
        size="small"
        rowKey="key"
        dataSource={value}
        empty="尚未添加规则"
        columns={[
          { title: '#', key: 'index', width: 36, align: 'center', render: (_, _row, index) => index + 1 },
          {
            title: '校验位数',
            dataIndex: 'digits',
            width: 88,
            render: (digits: string, _row, index) => (
              <Tooltip title="* 校验整个值；数字 N 校验接下来的 N 位">
                <Input aria-label={`第${index + 1}条规则的校验位数`} value={digits} onChange={(event) => change(index, { digits: event.target.value })} />
              </Tooltip>
            ),
          },
          {
            title: '类型',
            dataIndex: 'kind',
            width: 118,
            render: (kind: RuleRow['kind'], _row, index) => (
              <Select
                aria-label={`第${index + 1}条规则的类型`}
                value={kind}
                options={KIND_OPTIONS}
                onChange={(next) => change(index, { kind: next })}
                style={{ width: '100%' }}
              />
            ),
          },
          {
            title: '规则',
            key: 'rule',
            render: (_, row, index) =>
              row.kind === 'regex' ? (
                <Input
                  aria-label={`第${index + 1}条规则的正则表达式`}
                  placeholder="如 ^[a-zA-Z]$"
                  value={row.pattern}
                  onChange={(event) => change(index, { pattern: event.target.value })}
                />
              ) : (
                <div style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
                  <NumberTextInput
                    aria-label={`第${index + 1}条规则的最小长度`}
                    placeholder="最小"
                    value={row.min}
                    onChange={(min) => change(index, { min })}
                  />
                  <span aria-hidden>~</span>
                  <NumberTextInput
                    aria-label={`第${index + 1}条规则的最大长度`}
                    placeholder="最大"
                    value={row.max}
                    onChange={(max) => change(index, { max })}
                  />
                </div>
              ),
          },
          {
            title: '提示文本',
            dataIndex: 'message',
            width: 170,
            render: (message: string, _row, index) => (
              <Input
                aria-label={`第${index + 1}条规则的提示文本`}
                placeholder="未通过时的提示"
                value={message}
                onChange={(event) => change(index, { message: event.target.value })}
              />
            ),
          },
          {
            title: '操作',
            fixed: actionsFixed,
            key: 'actions',
            width: 96,
            align: 'center',
            render: (_, _row, index) => (
              <Space size={0}>
                <Button type="text" size="small" aria-label="上移" icon={<ArrowUpOutlined />} disabled={index === 0} onClick={() => move(index, -1)} />
                <Button
                  type="text"
                  size="small"
                  aria-label="下移"
                  icon={<ArrowDownOutlined />}
                  disabled={index === value.length - 1}
                  onClick={() => move(index, 1)}
                />
                <Button
                  type="text"
                  size="small"
                  danger
                  aria-label="删除"
                  icon={<DeleteOutlined />}
                  onClick={() => onChange?.(value.filter((_r, i) => i !== index))}
                />
              </Space>
            ),
          },
        ]}
      />
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        style={{ marginTop: 8 }}
        disabled={value.length >= MAX_RULE_ROWS}
        onClick={() => onChange?.([...value, newRow()])}
      >
        添加规则
      </Button>
    </div>
  );
}
