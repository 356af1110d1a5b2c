import { Button, Result } from 'antd';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { reloadPage } from '../platform/browser.ts';

/** Last resort for a route that failed to load or render (e.g. a chunk gone after a redeploy). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : '';
  return (
    <Result
      status="500"
      title="页面出错了"
      subTitle={detail || '请刷新页面后重试'}
      extra={
        <Button type="primary" onClick={reloadPage}>
          刷新页面
        </Button>
      }
    />
  );
}
