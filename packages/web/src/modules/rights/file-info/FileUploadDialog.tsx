import { BankPerm, OrgPerm, RightPerm, UPLOAD_POPUP_WIDTH, UploadMsg } from '@sbwq/contracts';
import { Form, Modal, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useAccess } from '../../../components/access/useAccess.ts';
import { DictSelect } from '../../../components/dict/DictSelect.tsx';
import { FileUpload } from '../../../components/upload/FileUpload.tsx';
import { feedback } from '../../../platform/feedback.ts';
import { BizRecordSelect } from './BizRecordSelect.tsx';
import { BIZ_TYPE_TEXT, FileBiz, type FileBizType } from './fileInfo.api.ts';

type Values = { fileType?: string; bizType?: FileBizType; bizId?: string; files?: string };

/** 文件类型 values the app's own forms attach (通告图片 is set by the announcement editor). */
const EXCLUDED_TYPES = ['14'];

/**
 * 文件信息's 上传文件: the file says what it is (文件类型, dictionary file_type) and, when the user
 * chooses, which record it belongs to (所属业务: a type, then one of the records the user may see). The
 * file is uploaded with both, so they are fixed before a file can be picked.
 */
export function FileUploadDialog({ open, onDone, onCancel }: { open: boolean; onDone: () => void; onCancel: () => void }) {
  const { can } = useAccess();
  const [form] = Form.useForm<Values>();
  const fileType = Form.useWatch('fileType', form);
  const bizType = Form.useWatch('bizType', form);
  const bizId = Form.useWatch('bizId', form);
  const files = Form.useWatch('files', form);
  const [touched, setTouched] = useState(false);
  const bizOptions = useMemo(
    () =>
      (
        [
          [FileBiz.right, can(RightPerm.list)],
          [FileBiz.org, can(OrgPerm.list) || can(OrgPerm.enrol)],
          [FileBiz.bank, can(BankPerm.list)],
        ] as const
      )
        .filter(([, allowed]) => allowed)
        .map(([value]) => ({ value, label: BIZ_TYPE_TEXT[value] })),
    [can],
  );
  const ready = !!fileType && (!bizType || !!bizId);
  const fields = bizType && bizId ? { bizType, bizId } : undefined;

  const close = (after: () => void) => {
    form.resetFields();
    setTouched(false);
    after();
  };
  const handleOk = async () => {
    setTouched(true);
    try {
      await form.validateFields();
    } catch {
      // the form shows what is missing
      return;
    }
    if (!files) {
      feedback().message.warning(UploadMsg.empty);
      return;
    }
    close(onDone);
  };

  return (
    <Modal
      open={open}
      title="上传文件"
      width={UPLOAD_POPUP_WIDTH}
      okText="确定"
      cancelText="取消"
      onOk={handleOk}
      onCancel={() => close(onCancel)}
      destroyOnHidden
      className="upload-popup file-upload-dialog"
      mask={{ closable: false }}
    >
      <Form form={form} layout="vertical" requiredMark onValuesChange={(changed: Values) => 'bizType' in changed && form.setFieldValue('bizId', undefined)}>
        <Form.Item name="fileType" label="文件类型" rules={[{ required: true, message: '请选择文件类型' }]}>
          <DictSelect code="file_type" exclude={EXCLUDED_TYPES} placeholder="请选择文件类型" disabled={!!files} />
        </Form.Item>
        <Form.Item name="bizType" label="所属业务" extra="可选：文件属于哪条业务记录">
          <Select allowClear placeholder="不关联业务" options={bizOptions} disabled={!!files} />
        </Form.Item>
        {bizType && (
          <Form.Item name="bizId" label="业务记录" rules={[{ required: true, message: '请选择业务记录' }]}>
            <BizRecordSelect bizType={bizType} />
          </Form.Item>
        )}
        <Form.Item
          name="files"
          label="文件"
          extra={ready ? 'JPG/PNG/PDF，单个不超过10M' : '请先选择文件类型和业务记录'}
          validateStatus={touched && !files ? 'warning' : undefined}
        >
          <FileUpload biz="files" fileType={fileType} fields={fields} disabled={!ready} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
