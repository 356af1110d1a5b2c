import { Empty } from 'antd';

export const EMPTY_TEXT = '暂无数据';

/** The empty state of lists, trees and tables, in Chinese even without the zh_CN provider. */
export function EmptyData({ description = EMPTY_TEXT }: { description?: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} />;
}
