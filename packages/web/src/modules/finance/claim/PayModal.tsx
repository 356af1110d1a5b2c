import { chinaToday, claimPayBody, MAX_PAY_BATCH, type ClaimRecord } from '@sbwq/contracts';
import { DatePicker, Form, Input, Typography } from 'antd';
import { FormModal } from '../../../components/form/FormModal.tsx';
import { RemarkItem } from '../../../components/form/RemarkItem.tsx';
import dayjs, { type Dayjs } from 'dayjs';
import { zodRule } from '../../../components/form/zodRule.ts';
import { FileUpload } from '../../../components/upload/FileUpload.tsx';
import { useModalForm } from '../../../components/form/useModalForm.ts';
import { formatMoney } from '../../../platform/format.ts';
import { claimApi } from './claim.api.ts';
import { sumMoney } from './claim.money.ts';

type Values = { payDate?: Dayjs; serialNo?: string; voucher?: string; remark?: string };

const shape = claimPayBody.in.shape;

type PayModalProps = {
  /** the claims to pay (one, or several selected in 付款管理); null closes the dialog */
  claims: ClaimRecord[] | null;
  onClose: () => void;
  onDone: () => void;
};

/**
 * 付款 (DOMAIN.md expense claim: 付款日期/流水号/凭证): finance records the bank transfer of one claim or
 * of several at once (all or none; each gets 流水号-n when several). The server deducts each 核定金额
 * from the batch's frozen money in the pool.
 */
export function PayModal({ claims, onClose, onDone }: PayModalProps) {
  const dialog = useModalForm<ClaimRecord[], Values>({
    open: claims !== null,
    record: claims,
    initial: () => ({}),
    load: () => ({ payDate: dayjs(chinaToday()) }),
    save: (values) =>
      claimApi.pay({
        ids: claims!.map((c) => c.id),
        payDate: values.payDate!.format('YYYY-MM-DD'),
        serialNo: values.serialNo?.trim() ?? '',
        voucher: values.voucher ?? null,
        remark: values.remark?.trim() || null,
      }),
    onSaved: onDone,
    onClose,
  });

  const count = claims?.length ?? 0;
  const total = sumMoney((claims ?? []).map((c) => c.approvedAmount));
  return (
    <FormModal
      dialog={dialog}
      onClose={onClose}
      open={claims !== null}
      title={count > 1 ? `批量付款（${count} 张报销单）` : `付款：${claims?.[0]?.claimNo ?? ''}`}
      width={640}
      okText="确认付款"
      destroyOnHidden
    >
      <Typography.Paragraph>
        付款金额合计 <Typography.Text strong>{formatMoney(total)}</Typography.Text> 元（按核定金额），确认后从批次冻结资金中扣减，不可撤销。
        {count > MAX_PAY_BATCH && <Typography.Text type="danger">一次最多付款 {MAX_PAY_BATCH} 张报销单。</Typography.Text>}
      </Typography.Paragraph>
      <Form form={dialog.form} layout="vertical" name="claim-pay-form">
        <Form.Item name="payDate" label="付款日期" rules={[{ required: true, message: '请选择付款日期' }]}>
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(chinaToday()), 'day')} />
        </Form.Item>
        <Form.Item
          name="serialNo"
          label="付款流水号"
          required
          rules={[zodRule(shape.serialNo)]}
          extra={count > 1 ? '多张报销单依次编为 流水号-1、流水号-2 …' : undefined}
        >
          <Input maxLength={60} placeholder="银行回单上的流水号" />
        </Form.Item>
        <Form.Item name="voucher" label="付款凭证" required rules={[zodRule(shape.voucher)]}>
          <FileUpload biz="finance_payment" text="上传付款凭证" max={3} />
        </Form.Item>
        <RemarkItem schema={shape.remark} />
      </Form>
    </FormModal>
  );
}

type PayFailedModalProps = { claim: ClaimRecord | null; onClose: () => void; onDone: () => void };

/** 付款失败: the transfer bounced; with its reason the claim stays in the payment queue, no money moves. */
export function PayFailedModal({ claim, onClose, onDone }: PayFailedModalProps) {
  const dialog = useModalForm<ClaimRecord, { reason?: string }>({
    open: claim !== null,
    record: claim,
    initial: () => ({}),
    load: () => ({}),
    save: (values) => claimApi.payFailed({ id: claim!.id, reason: values.reason?.trim() ?? '' }),
    onSaved: onDone,
    onClose,
  });

  return (
    <FormModal
      dialog={dialog}
      onClose={onClose}
      open={claim !== null}
      title={`付款失败：${claim?.claimNo ?? ''}`}
      okButtonProps={{ danger: true }}
      destroyOnHidden
    >
      <Form form={dialog.form} layout="vertical" name="claim-pay-failed-form">
        <Form.Item name="reason" label="失败原因" required rules={[{ required: true, whitespace: true, message: '请填写付款失败原因' }]}>
          <Input.TextArea rows={3} maxLength={500} showCount placeholder="如 账户名与账号不符，银行退回" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
