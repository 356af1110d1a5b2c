import { Button, Result, Space } from 'antd';
import { loadPage } from '../../../platform/browser.ts';
import { casLoginUrl } from '../../../platform/sso.ts';
import styles from './sso.module.css';

/** A CAS ticket the server refused: sign in again through CAS, or with a password. */
export function CasFailed({ message }: { message: string }) {
  return (
    <Result
      className={styles.landing}
      status="error"
      title="单点登录失败"
      subTitle={message}
      extra={
        <Space wrap>
          <Button type="primary" onClick={() => loadPage(casLoginUrl())}>
            重新登录
          </Button>
          <Button onClick={() => loadPage('/user/login?local=1')}>使用账号密码登录</Button>
        </Space>
      }
    />
  );
}
