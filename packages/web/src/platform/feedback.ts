import { Msg, NOTIFICATION_DURATION_S } from '@sbwq/contracts';
import type { App, Modal } from 'antd';
import type { ReactNode } from 'react';

type AppApi = ReturnType<typeof App.useApp>;
type ModalFunc = typeof Modal.confirm;

/**
 * The antd feedback functions non-React code (the http client, the session) uses. `FeedbackBridge`
 * binds the ones of `<App>` so they carry the zh_CN locale and the theme; until then (and in unit
 * tests) antd's static functions stand in, loaded on their first call.
 */
export type Feedback = {
  message: AppApi['message'];
  notification: AppApi['notification'];
  modal: { confirm: ModalFunc; error: ModalFunc; warning: ModalFunc; info: ModalFunc; success: ModalFunc };
};

type Method = (...args: unknown[]) => unknown;

/**
 * Feedback functions that exist before their code does: a call waits for `load` (the first call starts
 * it), later calls go straight through. antd's message, notification and modal code, with the dialog's
 * skeleton and watermark, is about 30 KB gzip the login page need not download (issue 35). Nothing in
 * the app uses what these functions return, so they return nothing.
 */
export function deferredFeedback(load: () => Promise<Feedback>): Feedback {
  let ready: Feedback | null = null;
  let loading: Promise<Feedback> | null = null;
  const part = (kind: keyof Feedback) =>
    new Proxy(
      {},
      {
        get: (_target, method) => (...args: unknown[]) => {
          const call = (api: Feedback) => void (api[kind] as unknown as Record<PropertyKey, Method>)[method]?.(...args);
          if (ready) return call(ready);
          loading ??= load().then((api) => (ready = api));
          void loading.then(call);
        },
      },
    );
  return { message: part('message'), notification: part('notification'), modal: part('modal') } as unknown as Feedback;
}

const fallback = deferredFeedback(() =>
  import('antd').then(({ message, notification, Modal: modal }) => ({ message, notification, modal }) as unknown as Feedback),
);

let current: Feedback = fallback;

export function bindFeedback(next: Feedback | null): void {
  current = next ?? fallback;
}

export function feedback(): Feedback {
  return current;
}

/**
 * The one way a failure is shown (spec §8): a notification titled 系统提示 for 4 s with the words of the
 * server (or of the client when the server had none). HTTP failures and business refusals, from a save
 * or from a load, all come here; successes stay toasts.
 */
export function notifyError(description: string): void {
  current.notification.error({
    title: Msg.notificationTitle,
    description,
    duration: NOTIFICATION_DURATION_S,
  });
}

type ConfirmOptions = {
  title: string;
  content: ReactNode;
  /** runs on 确定; a promise keeps the dialog open and busy until it settles */
  onOk: () => unknown;
  onCancel?: () => void;
  /** 确定 in red, for what cannot be undone */
  danger?: boolean;
};

/** A question answered with 确定 / 取消 before something is done. */
export function confirm({ title, content, onOk, onCancel, danger = false }: ConfirmOptions): void {
  current.modal.confirm({ title, content, okText: '确定', cancelText: '取消', onOk, onCancel, ...(danger ? { okButtonProps: { danger: true } } : {}) });
}
