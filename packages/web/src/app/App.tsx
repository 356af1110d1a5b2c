import { DEFAULT_PRIMARY_COLOR, NOTIFICATION_DURATION_S } from '@sbwq/contracts';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { useFocusableScrollers } from './a11y/useFocusableScrollers.ts';
import { applyCustomAtSignIn } from '../modules/user/account/customAtSignIn.ts';
import { provideAntdScope } from '../platform/antdScope.tsx';
import { FeedbackBridge } from './FeedbackBridge.tsx';
import { FeedbackFrame } from './feedback/FeedbackFrame.tsx';
import { createAppRouter } from './router.tsx';
import { useSettings } from '../platform/settings.store.ts';

const NOTIFICATION = { duration: NOTIFICATION_DURATION_S };

// antd's configuration (theme, locale) is a chunk of the shell's: the screens that show antd ask for it.
provideAntdScope(() => import('./AntdScope.tsx').then((m) => ({ default: m.AntdScope })));

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
  useFocusableScrollers();

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

  // The plain elements of the login page fall back to the default theme's values: another theme loads antd's.
  const themed = primaryColor.toLowerCase() !== DEFAULT_PRIMARY_COLOR.toLowerCase() || highContrast || darkMode;

  return (
    <FeedbackFrame notification={NOTIFICATION} themed={themed} style={{ height: '100%' }}>
      <FeedbackBridge />
      <RouterProvider router={appRouter()} />
    </FeedbackFrame>
  );
}
