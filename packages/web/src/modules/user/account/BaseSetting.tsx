import { AccountRoute } from '@sbwq/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { FileUpload } from '../../../components/upload/FileUpload.tsx';
import { updateUserInfo, useSession } from '../../../platform/session.ts';
import { useApiMutation } from '../../../platform/useApiMutation.ts';
import { accountApi, accountKeys } from './account.api.ts';
import { AccountSettingsLayout } from './AccountSettings.tsx';
import styles from './AccountSettings.module.css';

type Values = { realname: string; avatar?: string | null };

/**
 * 基本设置: name and avatar (the upload API, folder `avatar`); account, e-mail and phone are shown, not
 * edited here: the phone needs an SMS code and the e-mail the password, in 安全设置.
 */
export function BaseSetting() {
  const userInfo = useSession((s) => s.userInfo);
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const save = useApiMutation((values: Values) => accountApi.saveProfile({ realname: values.realname, avatar: values.avatar ?? null }), {
    onSuccess: (result) => {
      updateUserInfo(result.userInfo);
      return queryClient.invalidateQueries({ queryKey: accountKeys.center });
    },
  });

  useEffect(() => {
    if (userInfo) form.setFieldsValue({ realname: userInfo.realname, avatar: userInfo.avatar });
  }, [form, userInfo]);

  return (
    <AccountSettingsLayout group="base">
      <Form<Values> form={form} layout="vertical" style={{ maxWidth: 480 }} onFinish={(values) => void save.run(values)}>
        <Form.Item label="账号">
          <Input value={userInfo?.username ?? ''} disabled aria-label="账号" />
        </Form.Item>
        <Form.Item
          label="姓名"
          name="realname"
          rules={[
            { required: true, whitespace: true, message: '请输入姓名' },
            { max: 100, message: '姓名不能超过100个字符' },
          ]}
        >
          <Input maxLength={100} autoComplete="name" />
        </Form.Item>
        <Form.Item label="头像" name="avatar" extra="支持 JPG、PNG 图片">
          <FileUpload accept="image" max={1} listType="picture-card" biz="avatar" text="上传头像" />
        </Form.Item>
        <Form.Item
          label="电子邮件"
          extra={
            <span className={styles.sessionMeta}>
              邮箱的修改需要验证当前密码，请到<Link to={AccountRoute.security}>安全设置</Link>中进行。
            </span>
          }
        >
          <Input value={userInfo?.email ?? '未设置'} disabled aria-label="电子邮件" />
        </Form.Item>
        <Form.Item
          label="手机号"
          extra={
            <span className={styles.sessionMeta}>
              手机号的修改需要短信验证，请到<Link to={AccountRoute.security}>安全设置</Link>中进行。
            </span>
          }
        >
          <Input value={userInfo?.phone ?? '未绑定'} disabled aria-label="手机号" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          保存
        </Button>
      </Form>
    </AccountSettingsLayout>
  );
}
