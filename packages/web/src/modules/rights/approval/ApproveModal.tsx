import { RightsMsg, type Envelope } from '@sbwq/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Skeleton, Space } from 'antd';
import type { ReactNode } from 'react';
import { DETAIL_MODAL_WIDTH } from '../../../components/detail/DetailModal.tsx';
import { useModalForm } from '../../../components/form/useModalForm.ts';
import { APPROVAL_TODO_COUNT_KEY } from './approval.api.ts';

export type ApproveDecision = 'pass' | 'reject';

type Values = { result?: ApproveDecision; opinion?: string };

type ApproveModalProps = {
  open: boolean;
  title: string;
  /** what is being decided on: the record's details with its files */
  children: ReactNode;
  loading?: boolean;
  /** texts of the two buttons (认证: 通过 / 不通过) */
  passText?: string;
  rejectText?: string;
  decide: (result: ApproveDecision, opinion: string | null) => Promise<Envelope<unknown>>;
  onClose: () => void;
  /** after a decision the server accepted */
  onDone: () => void;
};

/**
 * 审批 of one submission (DOMAIN.md approval): its details, 审核意见, and 通过 / 驳回. A rejection needs
 * its reasons (the server's rule, checked here first); the server refuses approving one's own submission.
 */
export function ApproveModal({ open, title, children, loading, passText = '通过', rejectText = '驳回', decide, onClose, onDone }: ApproveModalProps) {
  const queryClient = useQueryClient();
  const { form, saving, submit } = useModalForm<never, Values>({
    open,
    record: null,
    initial: () => ({}),
    load: () => ({}),
    save: (values) => decide(values.result!, values.opinion?.trim() || null),
    onSaved: () => {
      void queryClient.invalidateQueries({ queryKey: APPROVAL_TODO_COUNT_KEY });
      onDone();
    },
    onClose,
  });
  const chosen = Form.useWatch('result', form);
  const busy = saving ? (chosen ?? null) : null;

  const handleDecide = (result: ApproveDecision) => {
    form.setFieldValue('result', result);
    void submit();
  };

  return (
    <Modal
      open={open}
      title={title}
      width={DETAIL_MODAL_WIDTH}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button danger loading={busy === 'reject'} disabled={loading || busy !== null} onClick={() => handleDecide('reject')}>
            {rejectText}
          </Button>
          <Button type="primary" loading={busy === 'pass'} disabled={loading || busy !== null} onClick={() => handleDecide('pass')}>
            {passText}
          </Button>
        </Space>
      }
    >
      {loading ? <Skeleton active /> : children}
      <Form form={form} layout="vertical" style={{ marginTop: 16 }} name="approve-form">
        <Form.Item name="result" hidden>
          <Input />
        </Form.Item>
        <Form.Item
          name="opinion"
          label="审核意见"
          extra={`驳回时必须填写意见，意见将告知申请人`}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, value?: string) => {
                if (getFieldValue('result') === 'reject' && !value?.trim()) throw new Error(RightsMsg.opinionRequired);
              },
            }),
          ]}
        >
          <Input.TextArea rows={3} maxLength={500} showCount placeholder="请输入审核意见" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
