import { AccountBindings } from '../sso/AccountBindings.tsx';
import { AccountSettingsLayout } from './AccountSettings.tsx';

/** 账号绑定: the third-party accounts (OpenID Connect providers) that sign me in. */
export function Binding() {
  return (
    <AccountSettingsLayout group="binding">
      <AccountBindings />
    </AccountSettingsLayout>
  );
}
