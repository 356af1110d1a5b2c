/**
 * `App.useApp()` without importing antd's `App` component, which brings the message, notification and
 * modal code the login page does not load up front (issue 35; see `FeedbackFrame`).
 */
export { default as useApp } from 'antd/es/app/useApp';
