import { configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback } from '../../../platform/feedback.ts';
import { envelope, fakeServer } from '../../../test/fakeServer.ts';
import { noticesSaying, toastsSaying } from '../../../test/notices.ts';
import { DepartSelectModal } from './DepartSelectModal.tsx';

configure({ asyncUtilTimeout: 8_000 });

beforeEach(() => bindFeedback(null));

describe('§8 one way to tell a refusal', () => {
  it('the server refusing the department reads as every refusal does (the 系统提示 notification with the server’s words, no toast), and the dialog stays', async () => {
    fakeServer({ 'PUT /sys/selectDepart': () => ({ body: envelope(null, { success: false, code: 500, message: '该部门已停用' }) }) });
    const onDone = vi.fn();
    render(
      <AntApp>
        <DepartSelectModal open departs={[{ id: 'd1', orgCode: 'A01', departName: '信息部' } as never]} username="admin" onDone={onDone} />
      </AntApp>,
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '部门' }));
    fireEvent.click(await screen.findByTitle('信息部'));
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(noticesSaying('该部门已停用')).toHaveLength(1));
    expect(noticesSaying('该部门已停用')[0].textContent).toContain('系统提示');
    expect(toastsSaying('该部门已停用')).toHaveLength(0);
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByText('请选择登录部门')).toBeTruthy();
  });
});
