import { Form, Input } from 'antd';
import { zodRule, type Parser } from './zodRule.ts';

/** 备注: free text up to 500 characters, checked by the body's own schema. */
export function RemarkItem({ schema }: { schema: Parser }) {
  return (
    <Form.Item name="remark" label="备注" rules={[zodRule(schema)]}>
      <Input.TextArea rows={2} maxLength={500} />
    </Form.Item>
  );
}
