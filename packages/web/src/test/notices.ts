/** What the user was shown, for the spec §8 "one way to show a failure" checks. */
const textsOf = (selector: string, text: string) => [...document.querySelectorAll(selector)].filter((el) => el.textContent?.includes(text));

/** The 系统提示 notifications (antd notification) whose text holds `text`. */
export const noticesSaying = (text: string) => textsOf('.ant-notification-notice', text);

/** The toasts (antd message) whose text holds `text`. */
export const toastsSaying = (text: string) => textsOf('.ant-message-notice', text);

/** In-dialog error boxes (antd Alert of type error). */
export const errorBoxes = () => [...document.querySelectorAll('.ant-modal .ant-alert-error')];
