import { poolAdjustBody, poolDepositBody, type PoolRecord } from '@sbwq/contracts';
import { Descriptions, Form, Input, Modal } from 'antd';
import { MoneyInput } from '../../../components/form/MoneyInput.tsx';
import { useModalForm } from '../../../components/form/useModalForm.ts';
import { zodRule } from '../../../components/form/zodRule.ts';
import { formatMoney } from '../../../platform/format.ts';
import { poolApi } from './pool.api.ts';

export type MoneyKind = 'deposit' | 'adjust';

type PoolMoneyModalProps = {
  kind: MoneyKind;
  pool: PoolRecord | null;
  /** made when the dialog opens (`newRequestKey`) */
  requestKey: string;
  onClose: () => void;
  onDone: () => void;
};

type Values = { amount?: string; bizNo?: string; remark?: string; reason?: string };

/**
 * 入账 or 调整 of one pool. The dialog keeps one request key while it is open, so pressing 确定 twice
 * or resending after a lost answer books the amount once.
 */
export function PoolMoneyModal({ kind, pool, requestKey, onClose, onDone }: PoolMoneyModalProps) {
  const { form, saving, submit } = useModalForm<PoolRecord, Values>({
    open: pool !== null,
    record: pool,
    initial: () => ({}),
    load: () => ({}),
    save: (values) =>
      kind === 'deposit'
        ? poolApi.deposit({ poolId: pool!.id, amount: values.amount ?? '', bizNo: values.bizNo || null, remark: values.remark || null, requestKey })
        : poolApi.adjust({ poolId: pool!.id, amount: values.amount ?? '', reason: values.reason ?? '', requestKey }),
    onSaved: onDone,
    onClose,
  });
  const deposit = kind === 'deposit';
  return (
    <Modal
      title={`${deposit ? '入账' : '调整'}：${pool?.poolName ?? ''}`}
      open={pool !== null}
      onOk={() => void submit()}
      confirmLoading={saving}
      onCancel={onClose}
      destroyOnHidden
      okText="确定"
      cancelText="取消"
    >
      {pool && (
        <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
          <Descriptions.Item label="总额">{formatMoney(pool.totalAmount)}</Descriptions.Item>
          <Descriptions.Item label="可用余额">{formatMoney(pool.balanceAmount)}</Descriptions.Item>
          <Descriptions.Item label="冻结">{formatMoney(pool.frozenAmount)}</Descriptions.Item>
          <Descriptions.Item label="已使用">{formatMoney(pool.usedAmount)}</Descriptions.Item>
        </Descriptions>
      )}
      <Form form={form} layout="vertical" name={`pool-${kind}`}>
        <Form.Item
          name="amount"
          label={deposit ? '入账金额（元）' : '调整金额（元，调减填负数）'}
          required
          rules={[zodRule(deposit ? poolDepositBody.shape.amount : poolAdjustBody.shape.amount)]}
        >
          <MoneyInput placeholder={deposit ? '如 50000.00' : '如 -1000.00'} />
        </Form.Item>
        {deposit ? (
          <>
            <Form.Item name="bizNo" label="凭证号" rules={[zodRule(poolDepositBody.shape.bizNo)]}>
              <Input placeholder="到账凭证或文件号（可不填）" maxLength={64} />
            </Form.Item>
            <Form.Item name="remark" label="备注" rules={[zodRule(poolDepositBody.shape.remark)]}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </>
        ) : (
          <Form.Item name="reason" label="调整原因" required rules={[zodRule(poolAdjustBody.shape.reason)]}>
            <Input.TextArea rows={3} maxLength={500} placeholder="如 更正：到账手续费" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
