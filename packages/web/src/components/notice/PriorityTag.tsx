import { PRIORITY_TAG, type Priority } from '@sbwq/contracts';
import { Tag } from 'antd';

/** spec §2 bell items: the priority tag, L 一般, M 重要, H 紧急. */
export function PriorityTag({ priority }: { priority: Priority | null | undefined }) {
  const tag = priority ? PRIORITY_TAG[priority] : null;
  if (!tag) return null;
  return (
    <Tag color={tag.color} style={{ marginInlineEnd: 0 }}>
      {tag.text}
    </Tag>
  );
}
