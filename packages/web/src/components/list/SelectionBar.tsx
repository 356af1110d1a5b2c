import { InfoCircleFilled } from '@ant-design/icons';
import { Alert, Button, Space } from 'antd';
import type { ReactNode } from 'react';

/** 已选择 N 项 with 清空 (JeecgBoot's selection alert above every list), and the batch actions while rows are selected. */
export function SelectionBar({ count, onClear, actions }: { count: number; onClear: () => void; actions?: ReactNode[] }) {
  const shown = count > 0 ? (actions ?? []).filter(Boolean) : [];
  return (
    <Alert
      type="info"
      showIcon
      icon={<InfoCircleFilled />}
      style={{ marginBottom: 16 }}
      title={
        <Space wrap size={[8, 4]} style={{ width: '100%' }}>
          <span role="status" aria-label="已选择">
            已选择 <strong style={{ fontWeight: 600, color: 'var(--ant-color-primary, #1890ff)' }}>{count}</strong> 项
            <Button type="link" size="small" onClick={onClear} disabled={count === 0} style={{ marginLeft: 24 }}>
              清空
            </Button>
          </span>
          {shown.length > 0 && (
            <Space wrap size={[8, 4]} role="group" aria-label="批量操作">
              {shown}
            </Space>
          )}
        </Space>
      }
    />
  );
}
