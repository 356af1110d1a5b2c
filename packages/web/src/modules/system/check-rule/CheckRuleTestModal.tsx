import type { CheckRuleRecord } from '@sbwq/contracts';
import { Alert, Button, Form, Input, Modal, Space } from 'antd';
import { useEffect, useState } from 'react';
import { showFailure } from '../../../platform/result.ts';
import { checkByCode } from './check-rule.api.ts';

type Outcome = { passed: true } | { passed: false; message: string } | null;

/** 功能测试: a value checked against the rule on the server (checkByCode), answered ok or with the rule's message. */
export function CheckRuleTestModal({ rule, onClose }: { rule: CheckRuleRecord | null; onClose: () => void }) {
  const [value, setValue] = useState('');
  const [checking, setChecking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    setValue('');
    setOutcome(null);
  }, [rule]);

  const handleCheck = async () => {
    if (!rule) return;
    setChecking(true);
    try {
      const answer = await checkByCode(rule.ruleCode, value);
      setOutcome(answer.success ? { passed: true } : { passed: false, message: answer.message });
    } catch (error) {
      showFailure(error);
    } finally {
      setChecking(false);
    }
  };

  return (
    <Modal open={rule !== null} title={`功能测试：${rule?.ruleName ?? ''}`} onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>} width={560} destroyOnHidden>
      <Form layout="vertical" onFinish={() => void handleCheck()}>
        <Form.Item label="校验值" htmlFor="check-rule-test-value">
          <Space.Compact style={{ width: '100%' }}>
            <Input
              id="check-rule-test-value"
              placeholder="请输入要校验的值"
              value={value}
              onChange={(event) => {
                setValue(event.target.value);
                setOutcome(null);
              }}
            />
            <Button type="primary" htmlType="submit" loading={checking}>
              测试
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      {outcome && (outcome.passed ? <Alert type="success" showIcon title="校验通过" /> : <Alert type="error" showIcon title={outcome.message} />)}
    </Modal>
  );
}
