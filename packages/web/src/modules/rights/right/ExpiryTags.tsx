import { Space, Tag, Typography } from 'antd';
import { FLAG_COLORS } from './right.api.ts';

/** The derived flags of a record as tags (the server computes them on the China date). */
export function ExpiryTags({ flags }: { flags: string[] | undefined }) {
  if (!flags?.length) return <Typography.Text type="secondary">正常</Typography.Text>;
  return (
    <Space size={4} wrap>
      {flags.map((flag) => (
        <Tag key={flag} color={FLAG_COLORS[flag]} style={{ marginInlineEnd: 0 }}>
          {flag}
        </Tag>
      ))}
    </Space>
  );
}
