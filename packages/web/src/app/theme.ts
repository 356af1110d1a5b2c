import { DEFAULT_PRIMARY_COLOR } from '@sbwq/contracts';
import type { ConfigProviderProps, ThemeConfig } from 'antd';

const fontFamily =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'WenQuanYi Zen Hei', 'Helvetica Neue', Helvetica, Arial, sans-serif";

/**
 * spec §3 settings: the primary colour (default #1890FF) becomes antd's design token at run time.
 * `motion: false` (the system asks for reduced motion) turns antd's animations off.
 */
export function themeFor(primaryColor: string = DEFAULT_PRIMARY_COLOR, motion = true): ThemeConfig {
  return { token: { colorPrimary: primaryColor, fontFamily, motion } };
}

/**
 * Every dialog's title stands clear of its first field: antd 6 leaves 8 px under the title,
 * where the JeecgBoot screens (antd 3, a header bar over a padded body) had 24.
 */
export const modalConfig: ConfigProviderProps['modal'] = { styles: { header: { marginBottom: 24 } } };
