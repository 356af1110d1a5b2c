import { BatchStatus, type BatchRecord } from '@sbwq/contracts';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BatchInfoTab } from './BatchInfoTab.tsx';

afterEach(cleanup);

const record = (status: string, closedTime: string | null) =>
  ({
    id: 'b1',
    batchNo: 'XS20260501001',
    batchName: '淘宝假冒线索',
    status,
    closedTime,
    applyAmount: '3000.00',
    approvedAmount: '3000.00',
    releasedAmount: '0.00',
    successRate: null,
    evidenceFiles: null,
  }) as unknown as BatchRecord;

describe('DOMAIN claim flow 报销申请期限: the batch page', () => {
  it('a closed batch shows 报销申请截止, 90 days after its closing day (China date)', () => {
    render(<BatchInfoTab batch={record(BatchStatus.closed, '2026-05-01 23:30:00')} />);
    expect(screen.getByText('报销申请截止')).toBeTruthy();
    expect(screen.getByText('2026-07-30（结案后 90 天）')).toBeTruthy();
  });

  it('a batch not closed shows no deadline', () => {
    render(<BatchInfoTab batch={record(BatchStatus.enforcing, null)} />);
    expect(screen.queryByText('报销申请截止')).toBeNull();
  });
});
