import { clsx } from 'clsx';
import AppContext from 'antd/es/app/context';
import { lazy, Suspense, useEffect, useState, type ContextType, type CSSProperties, type ReactNode } from 'react';
import { deferredFeedback, type Feedback } from '../../platform/feedback.ts';
import styles from './FeedbackFrame.module.css';

const RootAntd = lazy(() => import('../AntdScope.tsx').then((m) => ({ default: m.RootAntd })));

/** How long a chosen look may keep the page hidden: past it the page shows in the default look rather than not at all. */
export const THEME_WAIT_MS = 3000;

type Props = {
  children: ReactNode;
  notification: { duration: number };
  /** the settings ask for a look other than antd's default one: the theme's variables are loaded at once */
  themed?: boolean;
  style?: CSSProperties;
};

/** The context's functions, and what the host calls with the real ones once it has rendered. */
function frameApi(want: () => void) {
  let resolve: ((api: Feedback) => void) | null = null;
  const api = deferredFeedback(
    () =>
      new Promise<Feedback>((done) => {
        resolve = done;
        want();
      }),
  );
  return { api, ready: (loaded: Feedback) => resolve?.(loaded) };
}

/**
 * The app's root, as antd's `<App>` is to the screens (`App.useApp()`, the text style), without antd's
 * configuration (issue 35): the login page shows no antd, so neither the theme nor antd's message,
 * notification and modal load with it. A first call of those loads them (until then it waits); a theme
 * other than the default one loads antd's configuration beside the page, whose classes then carry the
 * theme's CSS variables to the page's plain elements. A screen that shows antd has its own
 * configuration (`withAntd`), the same theme.
 */
export function FeedbackFrame({ children, notification, themed = false, style }: Props) {
  const [wanted, setWanted] = useState(false);
  const [frame] = useState(() => frameApi(() => setWanted(true)));
  const [classes, setClasses] = useState('');
  const [waited, setWaited] = useState(false);
  // A chosen look (高对比度, 暗黑模式, another colour) shows from the first paint: the page waits, hidden, for the
  // theme's variables, so a 高对比度 visitor never meets the default look's 3.2:1 登录 button. Only at the start:
  // a look chosen later in 系统设置 must not hide the page under the user's focus.
  const [themedAtStart] = useState(themed);
  const pending = themedAtStart && !classes && !waited;
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setWaited(true), THEME_WAIT_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  return (
    <AppContext.Provider value={frame.api as unknown as ContextType<typeof AppContext>}>
      <div className={clsx(styles.root, classes)} style={pending ? { ...style, visibility: 'hidden' } : style} aria-busy={pending || undefined}>
        {(wanted || themed) && (
          <Suspense fallback={null}>
            <RootAntd feedback={wanted} notification={notification} onReady={frame.ready} onClasses={setClasses} />
          </Suspense>
        )}
        {children}
      </div>
    </AppContext.Provider>
  );
}
