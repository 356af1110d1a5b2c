import { accountFlow, type CustomSettings } from '@sbwq/contracts';
import { flowApi } from '../../../platform/flowApi.ts';
import { getToken } from '../../../platform/token.ts';
import { updateSettings, useSettings, type Settings } from '../../../platform/settings.store.ts';

/** 个人中心 and 账户设置 calls (issue #27), typed from the contract. */
export const accountApi = flowApi(accountFlow);

export const accountKeys = {
  center: ['account', 'center'] as const,
  sessions: ['account', 'sessions'] as const,
  settings: ['account', 'settings'] as const,
};

/** The drawer's options as the server keeps them (the same fields, checked by the same schema). */
export const customOf = (settings: Settings): CustomSettings => ({
  navTheme: settings.navTheme,
  layout: settings.layout,
  contentWidth: settings.contentWidth,
  fixedHeader: settings.fixedHeader,
  fixSiderbar: settings.fixSiderbar,
  autoHideHeader: settings.autoHideHeader,
  colorWeak: settings.colorWeak,
  multipage: settings.multipage,
  primaryColor: settings.primaryColor,
  highContrast: settings.highContrast,
  darkMode: settings.darkMode,
});

/** Saves this browser's drawer options as the signed-in user's 个性化. */
export const saveCurrentCustom = () => accountApi.saveCustom(customOf(useSettings.getState()));

/** Applies the user's saved 个性化, if any, for the session that asked (a sign-out meanwhile drops it). */
export async function applySaved(token: string): Promise<void> {
  const answer = await accountApi.settings(undefined, { silent: true }).catch(() => null);
  if (!answer?.success || !answer.result.custom || getToken() !== token) return;
  updateSettings(answer.result.custom);
}
