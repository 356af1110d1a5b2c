import { Modal, Spin, type ModalProps } from 'antd';

type FormModalProps = Omit<ModalProps, 'onOk' | 'onCancel' | 'confirmLoading'> & {
  /** what useModalForm returns */
  dialog: { loading: boolean; saving: boolean; submit: () => Promise<void> };
  onClose: () => void;
};

/**
 * The frame of a form dialog on useModalForm: 确定 validates and saves (and waits while the record loads),
 * 取消 closes, and a click beside the dialog does not lose what was typed.
 */
export function FormModal({ dialog, onClose, children, okButtonProps, ...modal }: FormModalProps) {
  return (
    <Modal
      okText="确定"
      cancelText="取消"
      {...modal}
      onOk={() => void dialog.submit()}
      onCancel={onClose}
      confirmLoading={dialog.saving}
      okButtonProps={{ ...okButtonProps, disabled: dialog.loading || okButtonProps?.disabled }}
      mask={{ closable: false }}
    >
      <Spin spinning={dialog.loading}>{children}</Spin>
    </Modal>
  );
}
