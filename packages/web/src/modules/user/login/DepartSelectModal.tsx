import type { Depart, UserInfo } from '@sbwq/contracts';
import { Modal, Select } from 'antd';
import { useState } from 'react';
import { putSelectDepart } from '../../../platform/auth.api.ts';
import { BizFailure, showFailure } from '../../../platform/result.ts';
import { updateUserInfo } from '../../../platform/session.ts';

type Props = {
  open: boolean;
  departs: Depart[];
  username: string;
  onDone: (userInfo: UserInfo | null) => void | Promise<void>;
};

/** JEECG-API §2.2: with several departments (`multi_depart == 2`) the user picks the one to work in. */
export function DepartSelectModal({ open, departs, username, onDone }: Props) {
  const [orgCode, setOrgCode] = useState<string | undefined>(undefined);
  const [missing, setMissing] = useState(false);
  const [saving, setSaving] = useState(false);

  const handleOk = async () => {
    if (!orgCode) {
      setMissing(true);
      return;
    }
    setSaving(true);
    try {
      const answer = await putSelectDepart(orgCode, username);
      if (!answer.success) {
        // a refusal reads as every other refusal of the server does
        showFailure(new BizFailure(answer.message, answer.code));
        return;
      }
      const userInfo = answer.result?.userInfo ?? null;
      if (userInfo) updateUserInfo(userInfo);
      await onDone(userInfo);
    } catch {
      // The http client has shown the failure; the dialog stays open for another try.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title="请选择登录部门"
      okText="确定"
      closable={false}
      maskClosable={false}
      keyboard={false}
      cancelButtonProps={{ style: { display: 'none' } }}
      confirmLoading={saving}
      onOk={handleOk}
      width={400}
    >
      <Select
        style={{ width: '100%' }}
        placeholder="请选择部门"
        status={missing ? 'error' : undefined}
        value={orgCode}
        onChange={(value: string) => {
          setOrgCode(value);
          setMissing(false);
        }}
        options={departs.map((depart) => ({ value: depart.orgCode, label: depart.departName }))}
        aria-label="部门"
      />
      {missing && <div style={{ color: '#ff4d4f', marginTop: 4 }}>请选择部门</div>}
    </Modal>
  );
}
