import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../platform/session.ts';
import { adminInfo, envelope, fakeServer } from '../../../test/fakeServer.ts';
import { renderAt, signedInEach } from '../../../test/render.tsx';
import { Security } from './Security.tsx';

configure({ asyncUtilTimeout: 5_000 });

const ui = { notification: { error: vi.fn() }, modal: { confirm: vi.fn(), error: vi.fn() }, message: { success: vi.fn(), warning: vi.fn(), error: vi.fn() } };

/** The admin of the test session with a phone (adminInfo has none) and the server's answers for the dialogs. */
function start() {
  useSession.setState({ userInfo: { ...adminInfo, phone: '13812341234' } as never });
  const sent: { path: string; body: unknown }[] = [];
  const record = (path: string, answer: unknown) => (_: URL, init: RequestInit) => {
    sent.push({ path, body: JSON.parse(String(init.body)) });
    return { body: answer };
  };
  fakeServer({
    'GET /sys/account/sessions': () => ({ body: envelope([]) }),
    'POST /sys/account/phone/code': record('code', envelope(null, { message: '验证码已发送至新手机号，5分钟内有效' })),
    'POST /sys/account/phone/change': record('phone', envelope({ userInfo: { ...adminInfo, phone: '13955556666' } }, { message: '手机号修改成功' })),
    'POST /sys/account/email/change': record('email', envelope(null, { success: false, message: '当前密码输入错误!' })),
  });
  renderAt('/account/settings/security', <Security />);
  return sent;
}

describe('安全设置: phone and e-mail (issue #27)', { timeout: 20_000 }, () => {
  signedInEach(ui);

  it('shows the phone masked and the e-mail; the phone dialog asks for a code without an image captcha, counts down, and stores the answered user', async () => {
    const sent = start();
    const phoneRow = await screen.findByRole('listitem', { name: '手机号' });
    expect(within(phoneRow).getByText('已绑定手机：138****1234')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: '安全邮箱' })).getByText('已绑定邮箱：admin@example.org')).toBeTruthy();

    fireEvent.click(within(phoneRow).getByRole('button', { name: '修改手机号' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('图片验证码')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('新手机号'), { target: { value: '13955556666' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '获取验证码' }));
    expect(await within(dialog).findByRole('button', { name: /秒后重新获取/ })).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('短信验证码'), { target: { value: '123456' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^确\s?定$/ }));

    await waitFor(() => expect(useSession.getState().userInfo?.phone).toBe('13955556666'));
    expect(sent).toEqual([
      { path: 'code', body: { mobile: '13955556666' } },
      { path: 'phone', body: { phone: '13955556666', smscode: '123456' } },
    ]);
    expect(ui.message.success).toHaveBeenCalledWith('手机号修改成功');
    expect(await within(screen.getByRole('listitem', { name: '手机号' })).findByText('已绑定手机：139****6666')).toBeTruthy();
  });

  it('the e-mail dialog needs both fields, sends the current password, and stays open with the server’s refusal', async () => {
    const sent = start();
    fireEvent.click(within(await screen.findByRole('listitem', { name: '安全邮箱' })).getByRole('button', { name: '修改安全邮箱' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /^确\s?定$/ }));
    expect(await within(dialog).findByText('请输入新邮箱')).toBeTruthy();
    expect(within(dialog).getByText('请输入当前密码')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('新邮箱'), { target: { value: 'me@new.cn' } });
    fireEvent.change(within(dialog).getByLabelText('当前密码'), { target: { value: 'Wrong#1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /^确\s?定$/ }));
    await waitFor(() => expect(sent).toEqual([{ path: 'email', body: { email: 'me@new.cn', password: 'Wrong#1' } }]));
    await waitFor(() => expect(ui.notification.error).toHaveBeenCalledWith(expect.objectContaining({ description: '当前密码输入错误!' })));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(useSession.getState().userInfo?.email).toBe('admin@example.org');
  });
});
