import { BatchStatus, type BatchRecord } from '@sbwq/contracts';
import { Alert } from 'antd';

/**
 * The reason a batch was sent back (退回补正), at the top of its page and its edit form: what the
 * organisation must change before it resubmits, not a row to find in 审批记录. Nothing in other states.
 */
export function BatchReturnedAlert({ batch }: { batch: Pick<BatchRecord, 'status' | 'auditOpinion'> | null | undefined }) {
  if (batch?.status !== BatchStatus.returned) return null;
  return (
    <Alert
      type="warning"
      showIcon
      className="batch-returned-alert"
      style={{ margin: '12px 0 16px' }}
      title="该批次已退回补正，请按审核意见修改后重新提交"
      description={`审核意见：${batch.auditOpinion?.trim() || '（审核人未填写）'}`}
    />
  );
}
