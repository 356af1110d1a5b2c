import { MONEY_PATTERN, MoneyMsg, toCents } from '@sbwq/contracts';
import { Descriptions, Form, Input, Radio, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { FormModal } from './FormModal.tsx';
import { MoneyInput } from './MoneyInput.tsx';

/**
 * The fields every review decision (批次初审/复审/结案, 报销业务/财务审核) asks for: 核定金额 on a passing
 * decision that sets money, and 审核意见, which 驳回 and 退回 must give because the submitter is told it.
 */

/** Why a 核定金额 is refused before anything is sent, or null: a positive amount with at most 2 decimals, at most `limit`. */
export function approvedAmountError(value: string | null | undefined, limit: string, tooMuch: string): string | null {
  const text = (value ?? '').trim();
  if (!text) return '请填写核定金额';
  if (/^\d{13,}(?:\.\d*)?$/.test(text)) return MoneyMsg.tooLarge;
  if (!MONEY_PATTERN.test(text)) return '核定金额应为数字，最多两位小数';
  if (toCents(text) <= 0n) return '核定金额应大于0';
  if (toCents(text) > toCents(limit)) return tooMuch;
  return null;
}

/** 核定金额 (元), checked against `limit` as it is typed; `tooMuch` says what the limit is. */
export function ApprovedAmountField({ limit, tooMuch, extra }: { limit: string; tooMuch: string; extra: string }) {
  return (
    <Form.Item
      name="approvedAmount"
      label="核定金额（元）"
      required
      dependencies={['result']}
      extra={extra}
      rules={[
        {
          validator: async (_, value?: string) => {
            const error = approvedAmountError(value, limit, tooMuch);
            if (error) throw new Error(error);
          },
        },
      ]}
    >
      <MoneyInput placeholder="如 3000.00" />
    </Form.Item>
  );
}

/** 审核意见: required unless the form's `result` is 通过. */
export function ReviewOpinionField({ passing, requiredMessage }: { passing: boolean; requiredMessage: string }) {
  return (
    <Form.Item
      name="opinion"
      label="审核意见"
      required={!passing}
      dependencies={['result']}
      rules={[
        ({ getFieldValue }) => ({
          validator: async (_, value?: string) => {
            if (getFieldValue('result') !== 'pass' && !value?.trim()) throw new Error(requiredMessage);
          },
        }),
      ]}
    >
      <Input.TextArea rows={3} maxLength={500} showCount placeholder="驳回或退回时必须填写，意见将告知申请机构" />
    </Form.Item>
  );
}

/** 审核结果 as a row of buttons; `options` are the decisions this review offers. */
export function ReviewResultField<R extends string>({ options }: { options: { value: R; label: string }[] }) {
  return (
    <Form.Item name="result" label="审核结果" required>
      <Radio.Group options={options} optionType="button" buttonStyle="solid" />
    </Form.Item>
  );
}

/** What the reviewer decides on, above the decision: a bordered two-column table (one column on a phone). */
export function ReviewFacts({ title, className, children }: Pick<DescriptionsProps, 'title' | 'className'> & { children: ReactNode }) {
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} title={title} className={className} style={{ marginBottom: 16 }}>
      {children}
    </Descriptions>
  );
}

/** The frame of a review decision's dialog: wide enough for the facts beside the form, 提交 sends the decision. */
export function ReviewModal({
  dialog,
  open,
  title,
  onClose,
  children,
}: {
  dialog: { loading: boolean; saving: boolean; submit: () => Promise<void> };
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <FormModal dialog={dialog} onClose={onClose} open={open} title={title} width={720} okText="提交" destroyOnHidden>
      {children}
    </FormModal>
  );
}
