import { Msg, NOTIFICATION_DURATION_S } from '@sbwq/contracts';
import { App, message as staticMessage, Modal, notification as staticNotification } from 'antd';
import type { ReactNode } from 'react';

type AppApi = ReturnType<typeof App.useApp>;
type ModalFunc = typeof Modal.confirm;

/**
 * The antd feedback functions non-React code (the http client, the session) uses. `FeedbackBridge`
 * binds the ones of `<App>` so they carry the zh_CN locale and the theme; until then (and in unit
 * tests) antd's static functions stand in.
 */
export type Feedback = {
  message: AppApi['message'];
  notification: AppApi['notification'];
  modal: { confirm: ModalFunc; error: ModalFunc; warning: ModalFunc; info: ModalFunc; success: ModalFunc };
};

const fallback: Feedback = {
  message: staticMessage,
  notification: staticNotification,
  modal: Modal,
};

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
