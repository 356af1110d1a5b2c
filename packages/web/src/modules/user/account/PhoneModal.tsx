import { MobileOutlined } from '@ant-design/icons';
import type { ChangePhoneBody } from '@sbwq/contracts';
import { Form, Input } from 'antd';
import { FormModal } from '../../../components/form/FormModal.tsx';
import { useModalForm } from '../../../components/form/useModalForm.ts';
import { phoneRules, SmsCodeField } from '../register/SmsCodeField.tsx';
import { accountApi } from './account.api.ts';
import { useContactSaved } from './useContactSaved.ts';

type Props = { onClose: () => void };

/**
 * 安全设置 → 修改手机号: the code goes to the NEW phone (no image captcha: the session stands for it), with
 * the same 60 s countdown as the login page; the server checks it is mine, unused and not expired.
 */
export function PhoneModal({ onClose }: Props) {
  const saved = useContactSaved();
  const dialog = useModalForm<never, ChangePhoneBody, Awaited<ReturnType<typeof accountApi.changePhone>>['result']>({
    open: true,
    initial: () => ({}),
    save: (values) => accountApi.changePhone({ phone: values.phone.trim(), smscode: values.smscode.trim() }),
    onSaved: saved,
    onClose,
  });

  return (
    <FormModal dialog={dialog} onClose={onClose} open title="修改手机号" width={520}>
      <Form<ChangePhoneBody> form={dialog.form} layout="vertical" onFinish={() => void dialog.submit()} style={{ marginTop: 16 }}>
        <Form.Item label="新手机号" name="phone" rules={phoneRules}>
          <Input prefix={<MobileOutlined />} placeholder="请输入新手机号" autoComplete="tel" inputMode="numeric" maxLength={11} autoFocus />
        </Form.Item>
        <SmsCodeField form={dialog.form} phoneField="phone" send={(mobile) => accountApi.sendPhoneCode({ mobile })} />
        {/* Enter in a field submits */}
        <button type="submit" hidden aria-hidden />
      </Form>
    </FormModal>
  );
}
