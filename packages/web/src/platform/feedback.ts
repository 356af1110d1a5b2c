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
type Handle = {
  then?: (done: (value: unknown) => unknown, failed?: (error: unknown) => unknown) => unknown;
  destroy?: () => void;
  update?: (config: unknown) => void;
};

/**
 * What a call answers before antd's code is there: the handle antd would give, standing for the one
 * the call gives once it runs. A message's handle closes it when called and settles when it closes;
 * a dialog's has `destroy`, `update`, and settles with the button the user pressed (`await
 * modal.confirm(…)` is true for 确定) — so a caller that awaits or keeps the handle sees what it
 * would have seen with the code loaded up front.
 */
function laterHandle(boxed: Promise<{ handle: unknown }>): Method & Handle {
  // boxed: antd's handles are thenables, which a promise would settle through instead of holding
  const later = (use: (h: Handle) => unknown) => void boxed.then(({ handle }) => handle && use(handle as Handle));
  const handle = (() => later((h) => (typeof h === 'function' ? (h as Method)() : h.destroy?.()))) as Method & Handle;
  // oxlint-disable-next-line unicorn/no-thenable -- antd's own handles are thenables: this one stands for them
  handle.then = (done, failed) =>
    boxed
      .then(({ handle: h }) => {
        const settles = (h as Handle | undefined)?.then;
        return typeof settles === 'function' ? new Promise((resolve) => settles.call(h, resolve)) : h;
      })
      .then(done, failed);
  handle.destroy = () => later((h) => h.destroy?.());
  handle.update = (config) => later((h) => h.update?.(config));
  return handle;
}

/**
 * Feedback functions that exist before their code does: a call waits for `load` (the first call starts
 * it) and answers a handle standing for antd's (`laterHandle`); once loaded, calls go straight through
 * and answer antd's own. antd's message, notification and modal code is about 20 KB gzip the login
 * page need not download (issue 35).
 */
export function deferredFeedback(load: () => Promise<Feedback>): Feedback {
  let ready: Feedback | null = null;
  let loading: Promise<Feedback> | null = null;
  const part = (kind: keyof Feedback) =>
    new Proxy(
      {},
      {
        get: (_target, method) => {
          if (typeof method !== 'string' || method === 'then') return undefined;
          return (...args: unknown[]) => {
            const call = (api: Feedback) => (api[kind] as unknown as Record<string, Method | undefined>)[method]?.(...args);
            if (ready) return call(ready);
            loading ??= load().then((api) => (ready = api));
            return laterHandle(loading.then((api) => ({ handle: call(api) })));
          };
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
