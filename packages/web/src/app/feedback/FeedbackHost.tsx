import { App } from 'antd';
import { useLayoutEffect } from 'react';
import type { Feedback } from '../../platform/feedback.ts';

/** antd's message, notification and modal hooks, rendered once something is first to be shown. */
export function FeedbackHost({ notification, onReady }: { notification: { duration: number }; onReady: (api: Feedback) => void }) {
  return (
    <App component={false} notification={notification}>
      <Report onReady={onReady} />
    </App>
  );
}

function Report({ onReady }: { onReady: (api: Feedback) => void }) {
  const api = App.useApp();
  useLayoutEffect(() => onReady(api), [api, onReady]);
  return null;
}
