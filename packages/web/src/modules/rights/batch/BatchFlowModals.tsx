import { batchClosureBody, batchWithdrawBody, type BatchRecord, type Envelope } from '@sbwq/contracts';
import { Alert, Form, Input, Modal } from 'antd';
import type { ReactNode } from 'react';
import { zodRule, type Parser } from '../../../components/form/zodRule.ts';
import { FileUpload } from '../../../components/upload/FileUpload.tsx';
import { useModalForm } from '../../../components/form/useModalForm.ts';
import { formatMoney } from '../../../platform/format.ts';
import { batchApi } from './batch.api.ts';

type FlowModalProps = { batch: BatchRecord | null; onClose: () => void; onDone: () => void };

/** A dialog that sends one form to one flow route, closing only when the server accepted it. */
function FlowModal<V extends object>({
  batch,
  title,
  okText,
  danger,
  send,
  onClose,
  onDone,
  children,
}: FlowModalProps & {
  title: string;
  okText: string;
  danger?: boolean;
  send: (batch: BatchRecord, values: V) => Promise<Envelope<unknown>>;
  children: ReactNode;
}) {
  const { form, saving, submit } = useModalForm<BatchRecord, V>({
    open: batch !== null,
    record: batch,
    initial: () => ({}),
    load: () => ({}),
    save: (values) => send(batch!, values),
    onSaved: onDone,
    onClose,
  });
  return (
    <Modal
      open={batch !== null}
      title={`${title}：${batch?.batchNo ?? ''}`}
      width={640}
      onOk={submit}
      onCancel={onClose}
      okText={okText}
      cancelText="取消"
      okButtonProps={{ danger }}
      confirmLoading={saving}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form form={form} layout="vertical" autoComplete="off">
        {children}
      </Form>
    </Modal>
  );
}

/** 撤销 before 维权中 needs its reason; an approved batch gives its frozen amount back to the pool. */
export function WithdrawModal(props: FlowModalProps) {
  const frozen = props.batch?.approvedAmount;
  return (
    <FlowModal<{ reason: string }> {...props} title="撤销批次" okText="撤销" danger send={(b, v) => batchApi.withdraw({ id: b.id, reason: v.reason })}>
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title={frozen ? `撤销后不能恢复，已冻结的核定金额 ${formatMoney(frozen)} 元将退回资金池。` : '撤销后不能恢复。'}
      />
      <Form.Item name="reason" label="撤销原因" required rules={[zodRule(batchWithdrawBody.shape.reason)]}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </FlowModal>
  );
}

/** 申请结案 while 维权中: a summary and the closing documents; every item must have its result first. */
export function ClosureApplyModal(props: FlowModalProps) {
  const shape = batchClosureBody.shape;
  return (
    <FlowModal<{ closureSummary: string; closureFiles?: string }>
      {...props}
      title="申请结案"
      okText="提交结案申请"
      send={(b, v) => batchApi.applyClosure({ id: b.id, closureSummary: v.closureSummary, closureFiles: v.closureFiles ?? null })}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="申请前请在线索明细中更新每条线索的处理结果（成功、失败或不构成侵权）；成功率按 成功 ÷（成功 + 失败）计算。"
      />
      <Form.Item name="closureSummary" label="结案说明" required rules={[zodRule(shape.closureSummary)]}>
        <Input.TextArea rows={4} maxLength={2000} showCount placeholder="维权经过与结果" />
      </Form.Item>
      <EnforcementFilesItem name="closureFiles" label="结案材料" schema={shape.closureFiles} extra="处罚决定书、判决书、平台处理结果等，最多10个" />
    </FlowModal>
  );
}

/** Documents of the enforcement (结案材料, a progress step's 附件): up to 10 files of the batch's thread. */
export function EnforcementFilesItem({ name, label, schema, extra }: { name: string; label: string; schema: Parser; extra: string }) {
  return (
    <Form.Item name={name} label={label} rules={[zodRule(schema)]} extra={extra}>
      <FileUpload max={10} biz="rights_threaded" text={`上传${label}`} />
    </Form.Item>
  );
}
