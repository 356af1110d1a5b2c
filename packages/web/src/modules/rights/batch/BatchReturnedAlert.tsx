import { BatchStatus, type BatchRecord } from '@sbwq/contracts';
import { Alert } from 'antd';

/**
 * The reason a batch was sent back (退回补正), at the top of its page and its edit form: what the
 * organisation must change before it resubmits, not a row to find in 审批记录. Nothing in other states.
 * Whoever cannot resubmit (a reviewer) reads where the batch stands instead of an order addressed to
 * the organisation (issue 36).
 */
export function BatchReturnedAlert({
  batch,
  forOrganisation = true,
}: {
  batch: Pick<BatchRecord, 'status' | 'auditOpinion'> | null | undefined;
  forOrganisation?: boolean;
}) {
  if (batch?.status !== BatchStatus.returned) return null;
  return (
    <Alert
      type={forOrganisation ? 'warning' : 'info'}
      showIcon
      className="batch-returned-alert"
      style={{ margin: '12px 0 16px' }}
      title={forOrganisation ? '该批次已退回补正，请按审核意见修改后重新提交' : '该批次已退回机构补正，等待机构按审核意见修改后重新提交'}
      description={`审核意见：${batch.auditOpinion?.trim() || '（审核人未填写）'}`}
    />
  );
}
