import type { BatchRecord } from '@sbwq/contracts';
import { Tag } from 'antd';
import { BATCH_STATUS_COLORS } from './batch.api.ts';

/** The status of a batch as a coloured tag (DOMAIN.md clue batch flow). */
export function BatchStatusTag({ batch }: { batch: Pick<BatchRecord, 'status' | 'status_dictText'> }) {
  return <Tag color={BATCH_STATUS_COLORS[batch.status]}>{batch.status_dictText ?? batch.status}</Tag>;
}
