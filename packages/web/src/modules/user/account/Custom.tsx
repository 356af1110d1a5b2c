import { Space } from 'antd';
import { SettingsOptions } from '../../../app/shell/settings/SettingDrawer.tsx';
import { AccountSettingsLayout } from './AccountSettings.tsx';
import styles from './AccountSettings.module.css';
import { SaveCustomButton } from './SaveCustomButton.tsx';

/** 个性化: the settings drawer's options; saved to the account, they follow me to every browser at sign-in. */
export function Custom() {
  return (
    <AccountSettingsLayout group="custom">
      <p className={styles.note}>修改立即在本浏览器生效；保存到账号后，在其他浏览器登录时也会使用这些设置。</p>
      <div style={{ maxWidth: 360 }}>
        <SettingsOptions />
        <Space style={{ marginTop: 16 }}>
          <SaveCustomButton />
        </Space>
      </div>
    </AccountSettingsLayout>
  );
}
