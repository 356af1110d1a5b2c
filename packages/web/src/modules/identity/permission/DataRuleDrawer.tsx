import { PlusOutlined } from '@ant-design/icons';
import { dataRuleBody, PermissionPerm, RULE_CONDITIONS } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Drawer, Form, Input, Modal, Radio, Select, Tag } from 'antd';
import { useState } from 'react';
import { Access } from '../../../components/access/Access.tsx';
import { dictText, useDictItems } from '../../../components/dict/useDictItems.ts';
import { useModalForm } from '../../../components/form/useModalForm.ts';
import { zodRule } from '../../../components/form/zodRule.ts';
import { DataTable } from '../../../components/list/DataTable.tsx';
import { RowActions } from '../../../components/list/RowActions.tsx';
import type { ListContext } from '../../../components/list/types.ts';
import { addRule, deleteRule, editRule, permissionRules, type RuleInput, type RuleRecord } from './permission.api.ts';
import { useActionColumnFixed } from '../../../components/list/tableLayout.ts';

const shape = dataRuleBody.shape;
const CODE = PermissionPerm.rule;

/**
 * 数据规则 of a menu (JEECG-API §3.2 getPermRuleListByPermId, add/edit/deletePermissionRule): column,
 * condition and value applied to that menu's list for the roles granted the rule. The conditions come
 * from the rule_conditions dictionary, without USE_SQL_RULES (raw SQL), which the server refuses.
 */
export function DataRuleDrawer({ menu, onClose, onChanged }: { menu: { id: string; name: string } | null; onClose: () => void; onChanged: () => void }) {
  const actionsFixed = useActionColumnFixed();
  const { items: conditionItems } = useDictItems('rule_conditions');
  const rules = useQuery({
    queryKey: ['system', 'permission', 'rules', menu?.id],
    queryFn: () => permissionRules(menu!.id),
    enabled: Boolean(menu),
    staleTime: 0,
  });
  const [editing, setEditing] = useState<{ record: RuleRecord | null } | null>(null);
  const conditions = RULE_CONDITIONS.map((value) => ({ value, label: `${dictText(conditionItems, value)}（${value}）` }));

  const refresh = () => {
    void rules.refetch();
    onChanged();
  };

  const { form, saving, submit } = useModalForm<RuleRecord, RuleInput>({
    open: Boolean(editing),
    record: editing?.record ?? null,
    initial: () => ({ status: '1', ruleConditions: '=' }) as Partial<RuleInput>,
    load: (record) => record as unknown as RuleInput,
    save: (values) => {
      const body: RuleInput = { ...values, permissionId: menu!.id, ...(editing?.record ? { id: editing.record.id } : {}) };
      return editing?.record ? editRule(editing.record.id, body) : addRule(body);
    },
    onSaved: refresh,
    onClose: () => setEditing(null),
  });

  const context = { reload: refresh } as ListContext<RuleRecord>;
  return (
    <Drawer title={`数据权限规则：${menu?.name ?? ''}`} open={Boolean(menu)} onClose={onClose} size={860} destroyOnHidden>
      <Access code={CODE}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ record: null })} style={{ marginBottom: 16 }}>
          新增
        </Button>
      </Access>
      <DataTable<RuleRecord>
        loading={rules.isFetching}
        dataSource={rules.data ?? []}
        columns={[
          { title: '规则名称', dataIndex: 'ruleName' },
          { title: '规则字段', dataIndex: 'ruleColumn' },
          { title: '条件规则', dataIndex: 'ruleConditions', render: (value: string) => dictText(conditionItems, value) },
          { title: '规则值', dataIndex: 'ruleValue' },
          {
            title: '状态',
            dataIndex: 'status',
            width: 80,
            align: 'center',
            render: (value: string) => (value === '1' ? <Tag color="green">有效</Tag> : <Tag>无效</Tag>),
          },
          {
            title: '操作',
            fixed: actionsFixed,
            key: 'actions',
            width: 120,
            align: 'center',
            render: (_, rule) => (
              <RowActions<RuleRecord>
                record={rule}
                context={context}
                actions={[
                  { key: 'edit', label: '编辑', inline: true, onClick: (record) => setEditing({ record }) },
                  { key: 'delete', label: '删除', inline: true, danger: true, confirm: '确定删除吗?', onClick: (record) => deleteRule(record.id) },
                ]}
              />
            ),
          },
        ]}
      />
      <Modal
        open={Boolean(editing)}
        title={editing?.record ? '编辑规则' : '新增规则'}
        width={600}
        onOk={submit}
        onCancel={() => setEditing(null)}
        confirmLoading={saving}
        okText="确定"
        cancelText="取消"
        forceRender
      >
        <Form form={form} name="data-rule-form" labelCol={{ span: 5 }} wrapperCol={{ span: 17 }} autoComplete="off">
          <Form.Item name="ruleName" label="规则名称" required rules={[zodRule(shape.ruleName)]}>
            <Input placeholder="请输入规则名称" />
          </Form.Item>
          <Form.Item name="ruleColumn" label="规则字段" required rules={[zodRule(shape.ruleColumn)]} extra="实体字段名（驼峰），如 createBy、orgCode">
            <Input placeholder="请输入规则字段" />
          </Form.Item>
          <Form.Item name="ruleConditions" label="条件规则" required rules={[zodRule(shape.ruleConditions)]}>
            <Select options={conditions} placeholder="请选择条件规则" />
          </Form.Item>
          <Form.Item
            name="ruleValue"
            label="规则值"
            required
            rules={[zodRule(shape.ruleValue)]}
            extra="可用变量：#{sys_user_code} #{sys_org_code} #{sys_date} 等"
          >
            <Input placeholder="请输入规则值" />
          </Form.Item>
          <Form.Item name="status" label="状态">
            <Radio.Group
              options={[
                { value: '1', label: '有效' },
                { value: '0', label: '无效' },
              ]}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}
