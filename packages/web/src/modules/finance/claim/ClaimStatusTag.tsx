import { CLAIM_STATUS_TEXT, type ClaimRecord } from '@sbwq/contracts';
import { Tag } from 'antd';
import { CLAIM_STATUS_COLORS } from './claim.api.ts';

/** The status of a claim as a coloured tag (DOMAIN.md expense claim flow). */
export function ClaimStatusTag({ claim }: { claim: Pick<ClaimRecord, 'status' | 'status_dictText'> }) {
  return <Tag color={CLAIM_STATUS_COLORS[claim.status]}>{claim.status_dictText ?? CLAIM_STATUS_TEXT[claim.status] ?? claim.status}</Tag>;
}
