import { BankOutlined, LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { REGISTER_ORG_TYPE_TEXT, REGISTER_ORG_TYPES, REGISTER_USERNAME_PATTERN, RegisterMsg, SmsMode, SmsMsg } from '@sbwq/contracts';
import { Button, Form, Select } from 'antd';
import { useApp } from '../../../platform/useApp.ts';
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { postRegister, type RegisterForm } from './account.api.ts';
import formStyles from '../login/Login.module.css';
import styles from './account.module.css';
import { confirmPasswordRules, newPasswordRules } from './passwordRules.ts';
import { phoneRules, SmsCodeField } from './SmsCodeField.tsx';

const orgTypeOptions = REGISTER_ORG_TYPES.map((value) => ({ value, label: REGISTER_ORG_TYPE_TEXT[value] }));

const FIELD_OF_REFUSAL: Record<string, keyof RegisterForm> = {
  [RegisterMsg.orgNameTaken]: 'orgName',
  [RegisterMsg.usernameTaken]: 'username',
  [RegisterMsg.phoneTaken]: 'phone',
  [SmsMsg.codeInvalid]: 'smscode',
};

/** spec §2 /user/register (issue #27): an organisation's contact registers and then completes 机构入驻. */
export function Register() {
  const [form] = Form.useForm<RegisterForm & { imageCaptcha?: string }>();
  const { message } = useApp();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);

  const finish = async (values: RegisterForm) => {
    setSubmitting(true);
    try {
      const { username, password, confirmpassword, phone, smscode, orgName, orgType } = values;
      const answer = await postRegister({
        username: username.trim(),
        password,
        confirmpassword,
        phone: phone.trim(),
        smscode: smscode.trim(),
        orgName: orgName.trim(),
        orgType,
      });
      if (answer.success) {
        await navigate(`/user/register-result?account=${encodeURIComponent(username.trim())}`, { replace: true });
        return;
      }
      // a refusal about one field is shown under that field, where the user corrects it (issue 36)
      const field = FIELD_OF_REFUSAL[answer.message];
      if (field) {
        form.setFields([{ name: field, errors: [answer.message] }]);
        form.scrollToField(field, { focus: true });
        return;
      }
      message.error(answer.message);
    } catch {
      // the http client has told the user
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form form={form} layout="vertical" size="large" requiredMark={false} onFinish={finish} className={formStyles.form}>
      <h2 className={styles.heading}>机构注册</h2>
      <Form.Item label="机构名称" name="orgName" rules={[{ required: true, whitespace: true, message: RegisterMsg.orgNameRequired }]}>
        <Input prefix={<BankOutlined />} placeholder="与营业执照一致的机构全称" maxLength={100} autoFocus />
      </Form.Item>
      <Form.Item label="机构类型" name="orgType" rules={[{ required: true, message: RegisterMsg.orgTypeRequired }]}>
        <Select options={orgTypeOptions} placeholder="请选择机构类型" aria-label="机构类型" />
      </Form.Item>
      <Form.Item
        label="账号"
        name="username"
        rules={[
          { required: true, whitespace: true, message: RegisterMsg.usernameRequired },
          { pattern: REGISTER_USERNAME_PATTERN, message: RegisterMsg.usernameFormat },
        ]}
      >
        <Input prefix={<UserOutlined />} placeholder="4-30位字母、数字或下划线" autoComplete="username" maxLength={30} />
      </Form.Item>
      <Form.Item label="密码" name="password" rules={newPasswordRules}>
        <Password prefix={<LockOutlined />} placeholder="8位以上，含字母和数字" autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <Form.Item label="确认密码" name="confirmpassword" dependencies={['password']} rules={confirmPasswordRules()}>
        <Password prefix={<LockOutlined />} placeholder="请再次输入密码" autoComplete="new-password" maxLength={64} />
      </Form.Item>
      <Form.Item label="手机号" name="phone" rules={phoneRules}>
        <Input prefix={<MobileOutlined />} placeholder="联系人手机号" autoComplete="tel" inputMode="tel" maxLength={11} />
      </Form.Item>
      <SmsCodeField form={form} phoneField="phone" smsmode={SmsMode.register} />
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          注册
        </Button>
      </Form.Item>
      <div className={styles.links}>
        <Link to="/user/login">使用已有账户登录</Link>
      </div>
    </Form>
  );
}
