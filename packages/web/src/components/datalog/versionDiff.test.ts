import { describe, expect, it } from 'vitest';
import { changedFieldsText, versionDiff } from './versionDiff.ts';

describe('issue #25 数据日志: two versions side by side', () => {
  it('marks the fields whose shown values differ, in the newer version’s order, and keeps fields only one version has (issue 36: the server’s words)', () => {
    const rows = versionDiff(
      [
        { field: 'batchNo', label: '批次编号', text: 'XS20261127002' },
        { field: 'status', label: '状态', text: '草稿' },
        { field: 'remark', label: '备注', text: 'x' },
      ],
      [
        { field: 'batchNo', label: '批次编号', text: 'XS20261127002' },
        { field: 'status', label: '状态', text: '待审核' },
        { field: 'applyAmount', label: '申请金额', text: '3000.00' },
      ],
    );
    expect(rows.map((r) => [r.label, r.changed])).toEqual([
      ['批次编号', false],
      ['状态', true],
      ['申请金额', true],
      ['备注', true],
    ]);
    expect(rows.find((r) => r.field === 'status')).toMatchObject({ older: '草稿', newer: '待审核' });
    expect(rows.find((r) => r.field === 'remark')).toMatchObject({ older: 'x', newer: '—' });
  });

  it('修改字段 lists the changed fields by the labels the version shows, not the ids it leaves out (issue 36: 初审人ID was listed)', () => {
    const display = [
      { field: 'status', label: '状态', text: '待维权' },
      { field: 'firstReviewerName', label: '初审人', text: '审核员小王' },
    ];
    expect(changedFieldsText({ op: 'edit', fields: ['status', 'firstReviewerId', 'firstReviewerName'], display })).toBe('状态、初审人');
    expect(changedFieldsText({ op: 'edit', fields: ['firstReviewerId'], display })).toBe('—');
    expect(changedFieldsText({ op: 'add', fields: [], display })).toBe('—');
  });
});
