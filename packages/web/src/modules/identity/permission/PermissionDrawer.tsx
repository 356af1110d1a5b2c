import { permissionBody } from '@sbwq/contracts';
import { Button, Form, Input, InputNumber, Radio, Switch, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useDictItems } from '../../../components/dict/useDictItems.ts';
import { EditDrawer } from '../../../components/form/EditDrawer.tsx';
import { zodRule } from '../../../components/form/zodRule.ts';
import { IconPicker } from '../../../components/icon/IconPicker.tsx';
import { useModalForm } from '../../../components/form/useModalForm.ts';
import { permissionApi, type PermissionInput, type PermissionNode } from './permission.api.ts';

const shape = permissionBody.shape;
export const MENU_TYPES = [
  { value: 0, label: '一级菜单' },
  { value: 1, label: '子菜单' },
  { value: 2, label: '按钮/权限' },
];

export type PermissionEditing = { mode: 'add' | 'edit'; record?: PermissionNode; parent?: PermissionNode } | null;

type MenuOption = { value: string; title: string; children?: MenuOption[]; disabled?: boolean };

/** Menus (not buttons) as parent options; the edited row and its descendants cannot be its parent. */
function menuOptions(nodes: PermissionNode[], exclude?: string): MenuOption[] {
  return nodes
    .filter((node) => node.menuType !== 2 && node.id !== exclude)
    .map((node) => {
      const children = menuOptions(node.children ?? [], exclude);
      return { value: node.id, title: node.name, ...(children.length ? { children } : {}) };
    });
}

/** A menu's route flags, each a 是/否 switch. */
const ROUTE_FLAGS = [
  { name: 'route', label: '是否路由菜单' },
  { name: 'hidden', label: '隐藏路由' },
  { name: 'keepAlive', label: '是否缓存路由' },
  { name: 'alwaysShow', label: '聚合路由' },
] as const;

const defaults = {
  menuType: 0,
  route: true,
  keepAlive: false,
  hidden: false,
  alwaysShow: false,
  internalOrExternal: false,
  sortNo: 1,
  status: '1',
  permsType: '1',
};

/** 新增/编辑 of a menu, sub-menu or button (JEECG-API §3.2 add/edit): the fields follow the menu type. */
export function PermissionDrawer({
  editing,
  tree,
  onClose,
  onSaved,
}: {
  editing: PermissionEditing;
  tree: PermissionNode[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const editingRecord = editing?.mode === 'edit' ? (editing.record ?? null) : null;
  const { form, saving, submit } = useModalForm<PermissionNode, PermissionInput>({
    open: Boolean(editing),
    record: editingRecord,
    initial: () => ({ ...defaults, ...(editing?.parent ? { menuType: 1, parentId: editing.parent.id } : {}) }) as Partial<PermissionInput>,
    load: ({ children: _children, ...record }) =>
      ({
        ...record,
        status: record.status ?? '1',
        permsType: record.permsType && record.permsType !== '0' ? record.permsType : '1',
      }) as unknown as PermissionInput,
    save: (values) => {
      const body: PermissionInput = { ...values, ...(editingRecord ? { id: editingRecord.id } : {}) };
      if (body.menuType === 0) body.parentId = null;
      return editingRecord ? permissionApi.edit!(body) : permissionApi.add!(body);
    },
    onSaved,
    onClose,
  });
  const menuType = Form.useWatch('menuType', form) as number | undefined;
  const { items: permsTypes } = useDictItems('global_perms_type');
  const { items: validStatus } = useDictItems('valid_status');
  const parents = useMemo(() => menuOptions(tree, editing?.record?.id), [tree, editing]);

  const isButton = menuType === 2;
  return (
    <EditDrawer
      title={editing?.mode === 'edit' ? '编辑菜单' : '新增菜单'}
      open={Boolean(editing)}
      onClose={onClose}
      size={700}
      destroyOnHidden={false}
      forceRender
      actions={
        <Button type="primary" loading={saving} onClick={() => void submit()}>
          确定
        </Button>
      }
    >
      <Form form={form} name="permission-form" labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} autoComplete="off">
        <Form.Item name="menuType" label="菜单类型">
          <Radio.Group options={MENU_TYPES} optionType="default" />
        </Form.Item>
        <Form.Item name="name" label={isButton ? '按钮/权限' : '菜单名称'} required rules={[zodRule(shape.name)]}>
          <Input placeholder={isButton ? '请输入按钮/权限名称' : '请输入菜单名称'} />
        </Form.Item>
        {menuType !== 0 && (
          <Form.Item name="parentId" label="上级菜单" rules={[{ required: true, message: '请选择上级菜单' }]}>
            <TreeSelect treeData={parents} placeholder="请选择上级菜单" treeDefaultExpandAll showSearch={{ treeNodeFilterProp: 'title' }} allowClear />
          </Form.Item>
        )}
        {isButton ? (
          <>
            <Form.Item
              name="perms"
              label="授权标识"
              rules={[{ required: true, message: '请输入授权标识' }, zodRule(shape.perms)]}
              extra="如 system:user:add；多个用逗号分隔"
            >
              <Input placeholder="请输入授权标识" />
            </Form.Item>
            <Form.Item name="permsType" label="授权策略">
              <Radio.Group options={permsTypes.map((item) => ({ value: item.value, label: item.text }))} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <Radio.Group options={validStatus.map((item) => ({ value: item.value, label: item.text }))} />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item name="url" label="菜单路径" rules={[{ required: true, message: '请输入菜单路径' }, zodRule(shape.url)]}>
              <Input placeholder="如 /isystem/user" />
            </Form.Item>
            <Form.Item name="component" label="前端组件" rules={[{ required: menuType === 1, message: '请输入前端组件' }, zodRule(shape.component)]}>
              <Input placeholder={menuType === 0 ? 'layouts/RouteView' : '如 system/UserList'} />
            </Form.Item>
            <Form.Item name="componentName" label="组件名称" rules={[zodRule(shape.componentName)]}>
              <Input placeholder="路由名称，可不填" />
            </Form.Item>
            {menuType === 0 && (
              <Form.Item name="redirect" label="默认跳转地址" rules={[zodRule(shape.redirect)]}>
                <Input placeholder="请输入路由参数 redirect" />
              </Form.Item>
            )}
            <Form.Item name="icon" label="菜单图标">
              <IconPicker />
            </Form.Item>
          </>
        )}
        <Form.Item name="sortNo" label="排序">
          <InputNumber min={-99999} max={99999} style={{ width: 200 }} />
        </Form.Item>
        {!isButton && (
          <>
            {ROUTE_FLAGS.map(({ name, label }) => (
              <Form.Item key={name} name={name} label={label} valuePropName="checked">
                <Switch checkedChildren="是" unCheckedChildren="否" />
              </Form.Item>
            ))}
            <Form.Item name="internalOrExternal" label="打开方式" valuePropName="checked">
              <Switch checkedChildren="外部" unCheckedChildren="内部" />
            </Form.Item>
          </>
        )}
        <Form.Item name="description" label="描述" rules={[zodRule(shape.description)]}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Form>
    </EditDrawer>
  );
}
