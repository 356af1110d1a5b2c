import { Form, Input } from 'antd';
import { GridItem, type GridWidth } from './GridItem.tsx';
import { zodRule, type Parser } from './zodRule.ts';

/** 备注: free text up to 500 characters, checked by the body's own schema; in a form's grid when given its `width`. */
export function RemarkItem({ schema, width }: { schema: Parser; width?: GridWidth }) {
  const item = { name: 'remark', label: '备注', rules: [zodRule(schema)] };
  const input = <Input.TextArea rows={2} maxLength={500} />;
  return width ? (
    <GridItem width={width} {...item}>
      {input}
    </GridItem>
  ) : (
    <Form.Item {...item}>{input}</Form.Item>
  );
}
