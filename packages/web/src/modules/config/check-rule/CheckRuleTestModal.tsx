import type { CheckRuleRecord } from '@sbwq/contracts';
import { Alert, Button, Form, Input, Modal, Space } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { showFailure } from '../../../platform/result.ts';
import { checkByCode } from './checkRule.api.ts';

type Outcome = { passed: true } | { passed: false; message: string } | null;

/** 功能测试: a value checked against the rule on the server (checkByCode), answered ok or with the rule's message. */
export function CheckRuleTestModal({ rule, onClose }: { rule: CheckRuleRecord | null; onClose: () => void }) {
  const [value, setValue] = useState('');
  const [outcome, setOutcome] = useState<Outcome>(null);
  // another rule starts empty: reset while rendering rather than in an effect after it
  const [shownFor, setShownFor] = useState(rule);
  if (rule !== shownFor) {
    setShownFor(rule);
    setValue('');
    setOutcome(null);
  }

  // a refusal is the answer the user asked for, not a failure: only errors go to showFailure
  const check = useMutation({
    mutationFn: ({ ruleCode, checked }: { ruleCode: string; checked: string }) => checkByCode(ruleCode, checked),
    onSuccess: (answer) => setOutcome(answer.success ? { passed: true } : { passed: false, message: answer.message }),
    onError: showFailure,
  });

  const handleCheck = () => {
    if (rule) check.mutate({ ruleCode: rule.ruleCode, checked: value });
  };

  return (
    <Modal
      open={rule !== null}
      title={`功能测试：${rule?.ruleName ?? ''}`}
      onCancel={onClose}
      footer={<Button onClick={onClose}>关闭</Button>}
      width={560}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={handleCheck}>
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
            <Button type="primary" htmlType="submit" loading={check.isPending}>
              测试
            </Button>
          </Space.Compact>
        </Form.Item>
      </Form>
      {outcome && (outcome.passed ? <Alert type="success" showIcon title="校验通过" /> : <Alert type="error" showIcon title={outcome.message} />)}
    </Modal>
  );
}
