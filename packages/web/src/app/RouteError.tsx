import { CloseCircleFilled } from '@ant-design/icons';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reloadPage } from '../platform/browser.ts';
import styles from './RouteError.module.css';
import { PrimaryButton } from '../components/primary-button/PrimaryButton.tsx';

/**
 * Last resort for a route that failed to load or render (e.g. a chunk gone after a redeploy). It is in
 * the first chunk, so it is drawn without antd (its `Result`, its `Button` and the theme they need): the
 * login page loads only what it shows.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : '';
  return (
    <div className={styles.page} role="alert">
      <CloseCircleFilled className={styles.icon} />
      <div className={styles.title}>页面出错了</div>
      <div className={styles.detail}>{detail || '请刷新页面后重试'}</div>
      <PrimaryButton onClick={reloadPage}>刷新页面</PrimaryButton>
    </div>
  );
}
