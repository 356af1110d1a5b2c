import { InfoCircleFilled } from '@ant-design/icons';
import { Alert, Button } from 'antd';

/** 已选择 N 项 with 清空 (JeecgBoot's selection alert above every list). */
export function SelectionBar({ count, onClear }: { count: number; onClear: () => void }) {
  return (
    <Alert
      type="info"
      showIcon
      icon={<InfoCircleFilled />}
      style={{ marginBottom: 16 }}
      title={
        <span role="status" aria-label="已选择">
          已选择 <strong style={{ fontWeight: 600, color: 'var(--ant-color-primary, #1890ff)' }}>{count}</strong> 项
          <Button type="link" size="small" onClick={onClear} disabled={count === 0} style={{ marginLeft: 24 }}>
            清空
          </Button>
        </span>
      }
    />
  );
}
