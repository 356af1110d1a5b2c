import { DownOutlined } from '@ant-design/icons';
import { Button, Divider, Dropdown, Popconfirm } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { confirm } from '../../platform/feedback.ts';
import { useApiMutation } from '../../platform/useApiMutation.ts';
import type { ListContext, RowAction } from './types.ts';

type RowActionsProps<T> = {
  record: T;
  actions: RowAction<T>[];
  context: ListContext<T>;
};

const labelOf = <T,>(action: RowAction<T>, record: T): ReactNode => (typeof action.label === 'function' ? action.label(record) : action.label);

const confirmOf = <T,>(action: RowAction<T>, record: T): string | null =>
  typeof action.confirm === 'function' ? action.confirm(record) : (action.confirm ?? null);

/** A row's actions: inline links (JeecgBoot 编辑 | 删除) and the rest under 更多. */
export function RowActions<T>({ record, actions, context }: RowActionsProps<T>) {
  const { run: send } = useApiMutation(async (action: RowAction<T>) => action.onClick(record, context), { onSuccess: () => context.reload() });
  const run = (action: RowAction<T>) => send(action);
  const usable = actions.filter((action) => !action.visible || action.visible(record));
  let inline = usable.filter((action) => action.inline);
  let more = usable.filter((action) => !action.inline);
  if (more.length === 1) {
    inline = [...inline, ...more];
    more = [];
  }

  const link = (action: RowAction<T>) => {
    const confirm = confirmOf(action, record);
    const label = labelOf(action, record);
    const anchor = (
      <Button
        type="link"
        size="small"
        autoInsertSpace={false}
        danger={action.danger}
        disabled={action.disabled}
        style={{ padding: 0 }}
        onClick={confirm ? undefined : () => void run(action)}
      >
        {label}
      </Button>
    );
    return confirm ? (
      <Popconfirm title={confirm} disabled={action.disabled} okText="确定" cancelText="取消" onConfirm={() => run(action)}>
        {anchor}
      </Popconfirm>
    ) : (
      anchor
    );
  };

  const handleMenu = (key: string) => {
    const action = more.find((item) => item.key === key);
    if (!action) return;
    const question = confirmOf(action, record);
    if (!question) return void run(action);
    confirm({ title: '确认操作', content: question, onOk: () => run(action) });
  };

  return (
    <span className="list-row-actions" style={{ whiteSpace: 'nowrap' }}>
      {inline.map((action, index) => (
        <Fragment key={action.key}>
          {index > 0 && <Divider orientation="vertical" />}
          {link(action)}
        </Fragment>
      ))}
      {more.length > 0 && (
        <>
          {inline.length > 0 && <Divider orientation="vertical" />}
          <Dropdown
            trigger={['click']}
            menu={{
              items: more.map((action) => ({ key: action.key, label: labelOf(action, record), danger: action.danger, disabled: action.disabled })),
              onClick: ({ key }) => handleMenu(key),
            }}
          >
            <Button type="link" size="small" autoInsertSpace={false} style={{ padding: 0 }}>
              更多 <DownOutlined />
            </Button>
          </Dropdown>
        </>
      )}
    </span>
  );
}
