import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@sbwq/contracts';
import type { TablePaginationConfig } from 'antd';

/** spec §9 "Total text '{from}-{to} 共 {n} 条'". */
export function totalText(total: number, range: [number, number]): string {
  return `${range[0]}-${range[1]} 共 ${total} 条`;
}

/** spec §9 pagination: default 10, options 10/20/30, quick jumper and size changer on. */
export function listPagination(current: number, pageSize: number, total: number): TablePaginationConfig {
  return {
    current,
    pageSize,
    total,
    pageSizeOptions: [...PAGE_SIZE_OPTIONS],
    showQuickJumper: true,
    showSizeChanger: true,
    showTotal: totalText,
  };
}

export { DEFAULT_PAGE_SIZE };
