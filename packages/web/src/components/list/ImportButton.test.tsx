import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback } from '../../platform/feedback.ts';
import { envelope, fakeServer } from '../../test/fakeServer.ts';
import { ImportButton, ImportReportModal, reportLine } from './ImportButton.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('导入 report (JEECG-API §5.8 importExcel, code 201)', () => {
  it('lists every skipped row as 第 N 行：原因 under the server summary', () => {
    render(
      <ImportReportModal
        report={{
          totalCount: 3,
          successCount: 1,
          errorCount: 2,
          msg: '共 3 行，成功 1 行，失败 2 行',
          errors: [
            { row: 3, message: '用户账号已存在' },
            { row: 5, message: '手机号格式不正确' },
          ],
        }}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByText('共 3 行，成功 1 行，失败 2 行')).toBeTruthy();
    expect(screen.getByText('第 3 行：用户账号已存在')).toBeTruthy();
    expect(screen.getByText('第 5 行：手机号格式不正确')).toBeTruthy();
    expect(reportLine({ row: 12, message: 'x' })).toBe('第 12 行：x');
  });
});

describe('导入 dialog: template download and a result report instead of a bare file chooser', { timeout: 30_000 }, () => {
  const open = (templateUrl?: string) => {
    bindFeedback(null);
    const onImported = vi.fn();
    render(
      <AntApp>
        <ImportButton url="/demo/importExcel" templateUrl={templateUrl} onImported={onImported} />
      </AntApp>,
    );
    fireEvent.click(screen.getByRole('button', { name: /导\s*入/ }));
    return onImported;
  };

  it('offers 下载模板 only where the resource has a template', async () => {
    open();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('button', { name: /下载模板/ })).toBeNull();
    cleanup();
    open('/demo/importTemplate');
    expect(within(await screen.findByRole('dialog')).getByRole('button', { name: /下载模板/ })).toBeTruthy();
  });

  it('after the upload shows the rows imported and each refused row with its number and reason, and reloads the list', async () => {
    const report = {
      totalCount: 3,
      successCount: 2,
      errorCount: 1,
      msg: '共 3 行，成功 2 行，失败 1 行',
      errors: [{ row: 4, message: '部门编码“Z99”不存在' }],
    };
    const fetchMock = fakeServer({
      'POST /demo/importExcel': () => ({ body: envelope(report, { success: false, code: 201, message: '文件导入成功，但有错误。' }) }),
    });
    const onImported = open();
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector<HTMLInputElement>('input[type=file]')!;
    fireEvent.change(input, {
      target: { files: [new File(['x'], 'users.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' })] },
    });
    const result = await screen.findByRole('region', { name: '导入结果' });
    expect(within(result).getByText('成功导入 2 行，失败 1 行')).toBeTruthy();
    expect(within(result).getByText('第 4 行：部门编码“Z99”不存在')).toBeTruthy();
    expect(within(dialog).getByText('导入结果')).toBeTruthy();
    expect(onImported).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][1]?.body).toBeInstanceOf(FormData);
    expect(within(dialog).getByRole('button', { name: /确\s*定/ })).toBeTruthy();
  });
});
