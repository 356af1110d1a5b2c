import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ImportReportModal, reportLine } from './ImportButton.tsx';

afterEach(cleanup);

describe('导入 report (JEECG-API §5.8 importExcel, code 201)', () => {
  it('lists every skipped row as 第 N 行：原因 under the server summary', () => {
    render(
      <ImportReportModal
        report={{ totalCount: 3, successCount: 1, errorCount: 2, msg: '共 3 行，成功 1 行，失败 2 行', errors: [{ row: 3, message: '用户账号已存在' }, { row: 5, message: '手机号格式不正确' }] }}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByText('共 3 行，成功 1 行，失败 2 行')).toBeTruthy();
    expect(screen.getByText('第 3 行：用户账号已存在')).toBeTruthy();
    expect(screen.getByText('第 5 行：手机号格式不正确')).toBeTruthy();
    expect(reportLine({ row: 12, message: 'x' })).toBe('第 12 行：x');
  });
});
