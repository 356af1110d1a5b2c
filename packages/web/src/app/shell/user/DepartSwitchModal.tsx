import { Msg, type Depart } from '@sbwq/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Form, Modal, Select } from 'antd';
import { useState } from 'react';
import { putSelectDepart } from '../../../platform/auth.api.ts';
import { notifyError } from '../../../platform/feedback.ts';
import { updateUserInfo } from '../../../platform/session.ts';
import { currentUserDepartsKey } from '../../../platform/useCurrentUserDeparts.ts';

export const DEPART_REQUIRED_TEXT = '请选择部门';

/** spec §2 "Department switch: titled … (current department: X)". */
export function departSwitchTitle(departs: Depart[], orgCode: string | null): string {
  const current = departs.find((depart) => depart.orgCode === orgCode);
  return current ? `部门切换（当前部门：${current.departName}）` : '部门切换';
}

type Props = { departs: Depart[]; orgCode: string | null; username: string; onClose: () => void };

/**
 * 切换部门 (spec §2, §4 "Department dialog", §5 "Department confirm requires a selection"): the
 * user's departments, the current one chosen; the answer's userInfo is stored for 7 days (spec §7).
 */
export function DepartSwitchModal({ departs, orgCode, username, onClose }: Props) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string | undefined>(
    departs.some((depart) => depart.orgCode === orgCode) ? (orgCode ?? undefined) : undefined,
  );
  const [missing, setMissing] = useState(false);
  const [saving, setSaving] = useState(false);

  const handleOk = async () => {
    if (!selected) {
      setMissing(true);
      return;
    }
    setSaving(true);
    try {
      const answer = await putSelectDepart(selected, username);
      if (!answer.success) {
        notifyError(answer.message);
        return;
      }
      if (answer.result?.userInfo) updateUserInfo(answer.result.userInfo);
      void queryClient.invalidateQueries({ queryKey: currentUserDepartsKey });
      message.success(answer.message || Msg.ok);
      onClose();
    } catch {
      // The http client has told the user (spec §8).
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={departSwitchTitle(departs, orgCode)}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={handleOk}
      onCancel={onClose}
      maskClosable={false}
      width={480}
    >
      <Form layout="vertical" style={{ marginTop: 16 }}>
        <Form.Item
          label="部门"
          required
          validateStatus={missing ? 'error' : undefined}
          help={missing ? DEPART_REQUIRED_TEXT : undefined}
        >
          <Select
            aria-label="部门"
            placeholder="请选择要切换的部门"
            allowClear
            value={selected}
            onChange={(value: string | undefined) => {
              setSelected(value);
              setMissing(!value);
            }}
            options={departs.map((depart) => ({ value: depart.orgCode, label: depart.departName }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
