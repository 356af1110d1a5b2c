import { DeleteOutlined } from '@ant-design/icons';
import type { Envelope } from '@sbwq/contracts';
import { Button } from 'antd';
import { confirm } from '../../platform/feedback.ts';
import { useApiMutation } from '../../platform/useApiMutation.ts';
import { batchDeleteText } from './ListPage.tsx';

type BatchDeleteButtonProps = {
  /** ids of the selected rows; without any the button is not shown */
  ids: string[];
  remove: (ids: string[]) => Promise<Envelope<unknown>>;
  /** after the server deleted them: clear the selection, reload */
  onDeleted: () => void;
};

/** 批量删除 of the selected rows of a tree list, after 确认删除. */
export function BatchDeleteButton({ ids, remove, onDeleted }: BatchDeleteButtonProps) {
  const removing = useApiMutation(remove, { onSuccess: onDeleted });
  if (ids.length === 0) return null;
  return (
    <Button
      danger
      icon={<DeleteOutlined />}
      onClick={() => confirm({ title: '确认删除', content: batchDeleteText(ids.length), onOk: () => removing.run(ids) })}
    >
      批量删除
    </Button>
  );
}
