import { RightsMsg, type Envelope } from '@sbwq/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Skeleton, Space } from 'antd';
import type { ReactNode } from 'react';
import { DETAIL_MODAL_WIDTH } from '../../components/detail/DetailModal.tsx';
import { FormModal } from '../../components/form/FormModal.tsx';
import { useModalForm } from '../../components/form/useModalForm.ts';
import { APPROVAL_TODO_COUNT_KEY } from './approval.api.ts';

export type ApproveDecision = 'pass' | 'reject';

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

const opinionOf = (text: string | undefined) => text?.trim() || null;

/**
 * 审批 of one submission (DOMAIN.md approval): its details, 审核意见, and 通过 / 驳回. A rejection needs
 * its reasons (the server's rule, checked here first); the server refuses approving one's own submission.
 */
export function ApproveModal({ open, title, children, loading, passText = '通过', rejectText = '驳回', decide, onClose, onDone }: ApproveModalProps) {
  const queryClient = useQueryClient();
  const dialog = useModalForm<never, { opinion?: string }, unknown, ApproveDecision>({
    open,
    initial: () => ({}),
    save: (values, _form, result) => decide(result, opinionOf(values.opinion)),
    onSaved: () => {
      void queryClient.invalidateQueries({ queryKey: APPROVAL_TODO_COUNT_KEY });
      onDone();
    },
    onClose,
  });
  const busy = dialog.pending ?? null;

  const handleDecide = (result: ApproveDecision) => {
    if (result === 'reject' && !opinionOf(dialog.form.getFieldValue('opinion') as string | undefined)) {
      dialog.form.setFields([{ name: 'opinion', errors: [RightsMsg.opinionRequired] }]);
      return;
    }
    void dialog.submit(result);
  };

  return (
    <FormModal
      dialog={dialog}
      onClose={onClose}
      open={open}
      title={title}
      width={DETAIL_MODAL_WIDTH}
      destroyOnHidden
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
      <Form form={dialog.form} layout="vertical" style={{ marginTop: 16 }} name="approve-form">
        <Form.Item name="opinion" label="审核意见" extra={`驳回时必须填写意见，意见将告知申请人`}>
          <Input.TextArea rows={3} maxLength={500} showCount placeholder="请输入审核意见" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
