import { departBody, type DepartTreeNode } from '@sbwq/contracts';
import { Form, Input, InputNumber, Radio } from 'antd';
import { FormModal } from '../../../components/form/FormModal.tsx';
import { zodRule } from '../../../components/form/zodRule.ts';
import { useModalForm } from '../../../components/form/useModalForm.ts';
import { departApi, type DepartAddBody } from './depart.api.ts';

const shape = departBody.shape;

/** spec: 1 公司 only at the top level; below it 2 部门 or 3 岗位 (JEECG-API §4.2 org_category). */
export function orgCategoryOptions(topLevel: boolean) {
  return topLevel
    ? [{ value: '1', label: '公司' }]
    : [
        { value: '2', label: '部门' },
        { value: '3', label: '岗位' },
      ];
}

export function DepartFields({ topLevel }: { topLevel: boolean }) {
  return (
    <>
      <Form.Item name="departName" label="机构名称" required rules={[zodRule(shape.departName)]}>
        <Input placeholder="请输入机构/部门名称" />
      </Form.Item>
      <Form.Item name="orgCategory" label="机构类型" rules={[{ required: true, message: '请选择机构类型' }]}>
        <Radio.Group options={orgCategoryOptions(topLevel)} />
      </Form.Item>
      <Form.Item name="departOrder" label="排序" rules={[zodRule(shape.departOrder)]}>
        <InputNumber min={0} max={99999} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="mobile" label="电话" rules={[zodRule(shape.mobile)]}>
        <Input placeholder="请输入电话" />
      </Form.Item>
      <Form.Item name="fax" label="传真" rules={[zodRule(shape.fax)]}>
        <Input placeholder="请输入传真" />
      </Form.Item>
      <Form.Item name="address" label="地址" rules={[zodRule(shape.address)]}>
        <Input placeholder="请输入地址" />
      </Form.Item>
      <Form.Item name="memo" label="备注" rules={[zodRule(shape.memo)]}>
        <Input.TextArea rows={3} placeholder="请输入备注" />
      </Form.Item>
    </>
  );
}

/** 添加部门 (top level) and 添加下级 (under `parent`): POST /sys/sysDepart/add; the org code is the server's. */
export function DepartModal({
  open,
  parent,
  onClose,
  onSaved,
}: {
  open: boolean;
  parent: DepartTreeNode | null;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const dialog = useModalForm<never, DepartAddBody>({
    open,
    record: null,
    initial: () => ({ orgCategory: parent ? '2' : '1', departOrder: 0 }),
    load: (record) => record,
    save: (values) => departApi.add!({ ...values, parentId: parent?.id ?? null }),
    // the answer of add is the new department's id
    onSaved: (id) => onSaved(String(id)),
    onClose,
  });

  return (
    <FormModal dialog={dialog} onClose={onClose} open={open} title={parent ? '添加下级部门' : '添加部门'} width={700} forceRender>
      <Form form={dialog.form} name="depart-add" labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} autoComplete="off">
        {parent && (
          <Form.Item label="上级部门" htmlFor="depart-add_parent">
            <Input id="depart-add_parent" value={parent.departName} disabled />
          </Form.Item>
        )}
        <DepartFields topLevel={!parent} />
      </Form>
    </FormModal>
  );
}
