import { useApp } from '../platform/useApp.ts';
import { useLayoutEffect } from 'react';
import { bindFeedback } from '../platform/feedback.ts';

/** Hands `<App>`'s message/notification/modal to code outside React (http client, session). */
export function FeedbackBridge() {
  const api = useApp();
  useLayoutEffect(() => {
    bindFeedback(api);
    return () => bindFeedback(null);
  }, [api]);
  return null;
}
