import { clsx } from 'clsx';
import ConfigProvider from 'antd/es/config-provider';
import AppContext from 'antd/es/app/context';
import useStyle from 'antd/es/app/style';
import { lazy, Suspense, useContext, useState, type ContextType, type CSSProperties, type ReactNode } from 'react';
import { deferredFeedback, type Feedback } from '../../platform/feedback.ts';

const FeedbackHost = lazy(() => import('./FeedbackHost.tsx').then((m) => ({ default: m.FeedbackHost })));

type Props = { children: ReactNode; notification: { duration: number }; style?: CSSProperties };

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
 * antd's `<App>` as the screens use it (`App.useApp()`, the `ant-app` root with the theme's text
 * style), with its message, notification and modal hooks loaded on the first call instead of with the
 * login page (issue 35): until then a call waits for them. The hooks live in `FeedbackHost`, under the
 * same ConfigProvider, so what they show carries the locale and the theme as before.
 */
export function FeedbackFrame({ children, notification, style }: Props) {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefixCls = getPrefixCls('app');
  const [hashId, cssVarCls] = useStyle(prefixCls);
  const [wanted, setWanted] = useState(false);
  const [frame] = useState(() => frameApi(() => setWanted(true)));
  return (
    <AppContext.Provider value={frame.api as unknown as ContextType<typeof AppContext>}>
      <div className={clsx(hashId, prefixCls, cssVarCls)} style={style}>
        {wanted && (
          <Suspense fallback={null}>
            <FeedbackHost notification={notification} onReady={frame.ready} />
          </Suspense>
        )}
        {children}
      </div>
    </AppContext.Provider>
  );
}
