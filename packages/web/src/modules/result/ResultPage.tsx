import { HOME_PATH } from '@sbwq/contracts';
import { Button, Card, Result } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

type Props = { status: 'success' | 'error'; title: string; subTitle: string; children?: ReactNode };

/** spec §2 view group "result pages": the outcome of an operation, with a way back to the dashboard. */
export function ResultPage({ status, title, subTitle, children }: Props) {
  const navigate = useNavigate();
  return (
    <Card variant="borderless">
      <Result
        status={status}
        title={title}
        subTitle={subTitle}
        extra={
          <Button type="primary" onClick={() => navigate(HOME_PATH)}>
            返回首页
          </Button>
        }
      >
        {children}
      </Result>
    </Card>
  );
}
