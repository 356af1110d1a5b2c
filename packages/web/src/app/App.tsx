import { NOTIFICATION_DURATION_S } from '@sbwq/contracts';
import ConfigProvider from 'antd/es/config-provider';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { useFocusableScrollers } from './a11y/useFocusableScrollers.ts';
import { applyCustomAtSignIn } from '../modules/user/account/customAtSignIn.ts';
import { FeedbackBridge } from './FeedbackBridge.tsx';
import { FeedbackFrame } from './feedback/FeedbackFrame.tsx';
import { createAppRouter } from './router.tsx';
import { useSettings } from '../platform/settings.store.ts';
import { modalConfig, themeFor } from './theme.ts';
import { useReducedMotion } from './useReducedMotion.ts';

const NOTIFICATION = { duration: NOTIFICATION_DURATION_S };

let router: ReturnType<typeof createAppRouter> | null = null;

/** Created on first render, after `FeedbackBridge` is in the tree, and once even under StrictMode. */
function appRouter() {
  router ??= createAppRouter();
  return router;
}

export function App() {
  const primaryColor = useSettings((state) => state.primaryColor);
  const colorWeak = useSettings((state) => state.colorWeak);
  const highContrast = useSettings((state) => state.highContrast);
  const darkMode = useSettings((state) => state.darkMode);
  const reducedMotion = useReducedMotion();
  useFocusableScrollers();
  const theme = useMemo(() => themeFor(primaryColor, !reducedMotion, highContrast, darkMode), [primaryColor, reducedMotion, highContrast, darkMode]);

  // spec §3 colour weak: the whole page, as JeecgBoot's `colorWeak` class. On <html>, whose filter does
  // not become the containing block of fixed elements (drawers, modals), unlike <body>'s would.
  useEffect(() => {
    document.documentElement.classList.toggle('colorWeak', colorWeak);
  }, [colorWeak]);

  // 个性化 kept on the server (issue #27) is taken at each sign-in.
  useEffect(() => applyCustomAtSignIn(), []);

  // Our own CSS (footer, header, tabs) reads this to darken what antd's tokens do not reach.
  useEffect(() => {
    document.documentElement.toggleAttribute('data-high-contrast', highContrast);
  }, [highContrast]);

  // 暗黑模式: the page behind the app (global.css) reads this; our header, tabs and footer take antd's colour variables.
  useEffect(() => {
    document.documentElement.toggleAttribute('data-dark', darkMode);
  }, [darkMode]);

  return (
    <ConfigProvider locale={zhCN} theme={theme} modal={modalConfig}>
      <FeedbackFrame notification={NOTIFICATION} style={{ height: '100%' }}>
        <FeedbackBridge />
        <RouterProvider router={appRouter()} />
      </FeedbackFrame>
    </ConfigProvider>
  );
}
