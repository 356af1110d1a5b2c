import { UPLOAD_POPUP_HEIGHT, UPLOAD_POPUP_WIDTH, UploadMsg } from '@sbwq/contracts';
import { Modal } from 'antd';
import { useState } from 'react';
import { feedback } from '../../platform/feedback.ts';
import { FileUpload, type FileUploadProps } from './FileUpload.tsx';

type UploadModalProps = Omit<FileUploadProps, 'value' | 'onChange' | 'id'> & {
  open: boolean;
  title?: string;
  /** the files the popup starts with */
  value?: string | null;
  onOk: (value: string) => void;
  onCancel: () => void;
};

/**
 * The upload popup (spec §2 Dialogs "Upload control", §9 "Default upload popup 520 x 200"): files are
 * picked and uploaded inside it; 确定 with nothing uploaded warns 未上传任何文件 and stays open.
 */
export function UploadModal({ open, title = '上传文件', value, onOk, onCancel, ...upload }: UploadModalProps) {
  const [current, setCurrent] = useState<string | undefined>(value ?? undefined);
  // Opening the popup (or a new value while open) starts it from the value again.
  const [seen, setSeen] = useState({ open, value });
  if (seen.open !== open || seen.value !== value) {
    setSeen({ open, value });
    if (open) setCurrent(value ?? undefined);
  }

  const handleOk = () => {
    if (!current) {
      feedback().message.warning(UploadMsg.empty);
      return;
    }
    onOk(current);
  };

  return (
    <Modal
      open={open}
      title={title}
      width={UPLOAD_POPUP_WIDTH}
      styles={{ body: { height: UPLOAD_POPUP_HEIGHT, overflowY: 'auto' } }}
      okText="确定"
      cancelText="取消"
      onOk={handleOk}
      onCancel={onCancel}
      destroyOnHidden
      className="upload-popup"
      mask={{ closable: false }}
    >
      <FileUpload {...upload} value={current} onChange={setCurrent} />
    </Modal>
  );
}
