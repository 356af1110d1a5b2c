import { Button, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import formStyles from '../login/Login.module.css';
import styles from './account.module.css';

/** spec §2 /user/register-result: the new account and the way on — sign in, then 机构入驻. */
export function RegisterResult() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const account = params.get('account');
  return (
    <div className={formStyles.form}>
      <Result
        status="success"
        title={
          account ? (
            // a long account wraps inside itself; 注册成功 never breaks (issue 36: "注册成/功")
            <span className={styles.resultTitle}>
              <span className={styles.resultAccount}>你的账户：{account}</span> <span className={styles.nowrap}>注册成功</span>
            </span>
          ) : (
            '注册成功'
          )
        }
        subTitle="请使用新账户登录，在「机构入驻」页面填写并提交入驻资料，协会审核通过后即可办理维权业务。"
        extra={
          <Button type="primary" size="large" onClick={() => navigate(account ? `/user/login?account=${encodeURIComponent(account)}` : '/user/login')}>
            使用新账户登录
          </Button>
        }
      />
    </div>
  );
}
