import { describe, expect, it } from 'vitest';
import { versionDiff } from './versionDiff.ts';

describe('issue #25 数据日志: two versions side by side', () => {
  it('marks the fields whose values differ, with their Chinese labels, and keeps fields only one version has', () => {
    const rows = versionDiff('rights_batch', { status: '1', batchName: '甲', remark: 'x' }, { status: '2', batchName: '甲', applyAmount: '3000.00' });
    expect(rows.map((r) => [r.label, r.changed])).toEqual([
      ['状态', true],
      ['批次名称', false],
      ['申请金额', true],
      ['备注', true],
    ]);
    expect(rows.find((r) => r.field === 'remark')).toMatchObject({ older: 'x', newer: '—' });
  });
});
