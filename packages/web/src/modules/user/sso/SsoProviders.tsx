import { Button, Divider, Space } from 'antd';
import styles from './sso.module.css';

/** The configured providers' buttons under the login form. */
export function SsoProviders({ providers, onChoose }: { providers: { name: string; label: string }[]; onChoose: (name: string) => void }) {
  return (
    <div className={styles.providers}>
      <Divider plain>其他登录方式</Divider>
      <Space wrap className={styles.providerButtons}>
        {providers.map((p) => (
          <Button key={p.name} onClick={() => onChoose(p.name)}>
            使用{p.label}登录
          </Button>
        ))}
      </Space>
    </div>
  );
}
