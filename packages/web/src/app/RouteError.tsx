import { CloseCircleFilled } from '@ant-design/icons';
import Button from 'antd/es/button';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reloadPage } from '../platform/browser.ts';
import styles from './RouteError.module.css';

/**
 * Last resort for a route that failed to load or render (e.g. a chunk gone after a redeploy). It is in
 * the first chunk, so it is drawn without antd's `Result`, whose illustrations would weigh on the login
 * page: the login page loads only what it shows.
 */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : '';
  return (
    <div className={styles.page} role="alert">
      <CloseCircleFilled className={styles.icon} />
      <div className={styles.title}>页面出错了</div>
      <div className={styles.detail}>{detail || '请刷新页面后重试'}</div>
      <Button type="primary" onClick={reloadPage}>
        刷新页面
      </Button>
    </div>
  );
}
