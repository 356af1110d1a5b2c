import type { Depart, UserInfo } from '@sbwq/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Select } from 'antd';
import { FormModal } from '../../../components/form/FormModal.tsx';
import { useModalForm } from '../../../components/form/useModalForm.ts';
import { putSelectDepart } from '../../../platform/auth.api.ts';
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
  const queryClient = useQueryClient();
  const dialog = useModalForm<never, { orgCode?: string }, { userInfo?: UserInfo } | null>({
    open: true,
    initial: () => ({ orgCode: departs.some((depart) => depart.orgCode === orgCode) ? (orgCode ?? undefined) : undefined }),
    save: (values) => putSelectDepart(values.orgCode!, username),
    onSaved: (result) => {
      if (result?.userInfo) updateUserInfo(result.userInfo);
      void queryClient.invalidateQueries({ queryKey: currentUserDepartsKey });
    },
    onClose,
  });

  return (
    <FormModal dialog={dialog} onClose={onClose} open title={departSwitchTitle(departs, orgCode)} width={480}>
      <Form form={dialog.form} layout="vertical" style={{ marginTop: 16 }}>
        <Form.Item name="orgCode" label="部门" rules={[{ required: true, message: DEPART_REQUIRED_TEXT }]}>
          <Select
            aria-label="部门"
            placeholder="请选择要切换的部门"
            allowClear
            options={departs.map((depart) => ({ value: depart.orgCode, label: depart.departName }))}
          />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
