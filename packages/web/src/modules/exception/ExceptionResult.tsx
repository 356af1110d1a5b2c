import { HOME_PATH } from '@sbwq/contracts';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

export type ExceptionType = '403' | '404' | '500';

/** The texts of JeecgBoot's exception pages (components/Exception/type.js), in the app's wording. */
export const exceptionTexts: Record<ExceptionType, string> = {
  '403': '抱歉，你无权访问该页面',
  '404': '抱歉，您访问的页面不存在',
  '500': '抱歉，服务器出错了',
};

/** spec §2 view group "exceptions 403/404/500": an antd Result with a way back to the dashboard. */
export function ExceptionResult({ type }: { type: ExceptionType }) {
  const navigate = useNavigate();
  return (
    <Result
      status={type}
      title={type}
      subTitle={exceptionTexts[type]}
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          返回首页
        </Button>
      }
    />
  );
}
