import { Button, Drawer, Space, type DrawerProps } from 'antd';
import type { ReactNode } from 'react';

type EditDrawerProps = Omit<DrawerProps, 'footer' | 'onClose'> & {
  onClose: () => void;
  /** the footer's buttons, before 取消 */
  actions: ReactNode;
};

/** A drawer that edits something: its buttons at the foot with 取消 last; emptied when it closes unless told otherwise. */
export function EditDrawer({ actions, onClose, ...drawer }: EditDrawerProps) {
  return (
    <Drawer
      destroyOnHidden
      {...drawer}
      onClose={onClose}
      footer={
        <Space>
          {actions}
          <Button onClick={onClose}>取消</Button>
        </Space>
      }
    />
  );
}

type SaveButtonsProps = { onSave: (close: boolean) => void; saving: boolean; disabled?: boolean };

/** 仅保存 keeps the drawer open for more changes; 保存并关闭 closes it once saved. */
export function SaveOrCloseButtons({ onSave, saving, disabled }: SaveButtonsProps) {
  return (
    <>
      <Button onClick={() => onSave(false)} loading={saving} disabled={disabled}>
        仅保存
      </Button>
      <Button type="primary" onClick={() => onSave(true)} loading={saving} disabled={disabled}>
        保存并关闭
      </Button>
    </>
  );
}
