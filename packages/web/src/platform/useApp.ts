/**
 * `App.useApp()` without importing antd's barrel, which would bring every component into the login
 * page's first load (issue 35): only the context's reader.
 */
export { default as useApp } from 'antd/es/app/useApp';
