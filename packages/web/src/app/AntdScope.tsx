import { clsx } from 'clsx';
import ConfigProvider from 'antd/es/config-provider';
import type { ThemeConfig } from 'antd';
import useStyle from 'antd/es/app/style';
import zhCN from 'antd/locale/zh_CN';
import { lazy, Suspense, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useSettings } from '../platform/settings.store.ts';
import type { Feedback } from '../platform/feedback.ts';
import { modalConfig, themeFor } from './theme.ts';
import { useReducedMotion } from './useReducedMotion.ts';

// antd's message, notification and modal hooks: loaded when something is first to be shown
const FeedbackHost = lazy(() => import('./feedback/FeedbackHost.tsx').then((m) => ({ default: m.FeedbackHost })));

const themes = new Map<string, ThemeConfig>();

/**
 * One theme object for each choice of settings: every screen that shows antd has a ConfigProvider of its
 * own, and the dark theme takes dozens of design-token computations (the link colour searched to AA),
 * which each of them would otherwise repeat on the way to the first paint.
 */
function cachedTheme(primaryColor: string, motion: boolean, highContrast: boolean, dark: boolean): ThemeConfig {
  const key = [primaryColor, motion, highContrast, dark].join();
  let theme = themes.get(key);
  if (!theme) {
    theme = themeFor(primaryColor, motion, highContrast, dark);
    themes.set(key, theme);
  }
  return theme;
}

/**
 * antd's configuration — the zh_CN locale, the theme of the settings (primary colour, 高对比度, 暗黑模式,
 * reduced motion) and the dialogs' defaults — in its own chunk: the shell and the screens that show antd
 * load it with their code; the login page, which shows none, does not (issue 35).
 */
export function AntdConfig({ children }: { children: ReactNode }) {
  const primaryColor = useSettings((state) => state.primaryColor);
  const highContrast = useSettings((state) => state.highContrast);
  const darkMode = useSettings((state) => state.darkMode);
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => cachedTheme(primaryColor, !reducedMotion, highContrast, darkMode), [primaryColor, reducedMotion, highContrast, darkMode]);
  return (
    <ConfigProvider locale={zhCN} theme={theme} modal={modalConfig}>
      {children}
    </ConfigProvider>
  );
}

/** The classes of antd's `<App>` root: its text style and the theme's CSS variables, which our own CSS reads too. */
function useAppClasses(): string {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useStyle(prefixCls);
  return clsx(hashId, prefixCls, cssVarCls);
}

function AppRoot({ children }: { children: ReactNode }) {
  // display: contents: the theme's variables and text style reach the screen, the layout is the screen's own
  return (
    <div className={useAppClasses()} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}

/** What `withAntd` puts around a screen that shows antd (the signed-in shell, 注册, 找回密码, a dialog of the login page). */
export function AntdScope({ children }: { children: ReactNode }) {
  return (
    <AntdConfig>
      <AppRoot>{children}</AppRoot>
    </AntdConfig>
  );
}

function ReportClasses({ onClasses }: { onClasses: (classes: string) => void }) {
  const classes = useAppClasses();
  useEffect(() => onClasses(classes), [classes, onClasses]);
  return null;
}

type RootProps = {
  /** something is to be shown: antd's message, notification and modal hooks are rendered */
  feedback: boolean;
  notification: { duration: number };
  onReady: (api: Feedback) => void;
  /** the root's classes, so that a chosen theme reaches the plain elements of the login page too */
  onClasses: (classes: string) => void;
};

/** Beside the app's root (not around it, which would mount the page again): antd's feedback and the theme's variables. */
export function RootAntd({ feedback, notification, onReady, onClasses }: RootProps) {
  return (
    <AntdConfig>
      <ReportClasses onClasses={onClasses} />
      {feedback && (
        <Suspense fallback={null}>
          <FeedbackHost notification={notification} onReady={onReady} />
        </Suspense>
      )}
    </AntdConfig>
  );
}
