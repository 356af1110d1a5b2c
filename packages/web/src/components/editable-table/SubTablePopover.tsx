import { Popover } from 'antd';
import { useState, type ReactNode } from 'react';
import { feedback } from '../../platform/feedback.ts';
import { SUB_TABLE_FAILED, withRetries } from './retry.ts';
import type { Row } from './types.ts';

/** spec §9: the sub-table popover of a row (expand column); §8 打开子表失败 once its retries are spent. */
export const SUB_TABLE_POPOVER_WIDTH = 600;

type SubTablePopoverProps = {
  row: Row;
  load: (row: Row) => ReactNode | Promise<ReactNode>;
  children: ReactNode;
};

export function SubTablePopover({ row, load, children }: SubTablePopoverProps) {
  const [open, setOpen] = useState(false);
  const [content, setContent] = useState<ReactNode>(null);
  const handleOpenChange = (next: boolean) => {
    if (!next) {
      setOpen(false);
      return;
    }
    withRetries(() => load(row)).then(
      (loaded) => {
        setContent(loaded);
        setOpen(true);
      },
      () => feedback().message.error(SUB_TABLE_FAILED),
    );
  };
  return (
    <Popover
      open={open}
      onOpenChange={handleOpenChange}
      trigger="click"
      placement="rightTop"
      content={<div style={{ width: SUB_TABLE_POPOVER_WIDTH }}>{content}</div>}
      destroyOnHidden
    >
      {children}
    </Popover>
  );
}
