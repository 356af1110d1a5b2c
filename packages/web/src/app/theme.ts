import type { ThemeConfig } from 'antd';

/** spec §3 settings defaults: primary colour #1890FF, light theme. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1890ff',
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'WenQuanYi Zen Hei', 'Helvetica Neue', Helvetica, Arial, sans-serif",
  },
};
