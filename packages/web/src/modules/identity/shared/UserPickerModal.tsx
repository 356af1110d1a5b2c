import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { Page, UserRecord } from '@sbwq/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Col, Form, Input, Modal, Row, Space } from 'antd';
import { useState } from 'react';
import { DataTable } from '../../../components/list/DataTable.tsx';
import { DEFAULT_PAGE_SIZE, listPagination } from '../../../components/list/pagination.ts';
import { SelectionBar } from '../../../components/list/SelectionBar.tsx';
import { feedback } from '../../../platform/feedback.ts';
import type { Query } from '../../../platform/http.ts';
import { unwrap } from '../../../platform/result.ts';
import { userApi } from '../user/user.api.ts';
import { userStatusColumn } from './members.tsx';
import { selectionLabels } from '../../../components/list/selectionLabels.ts';

/** spec §9 "Popup modal width 1200, table page size 10"; §5 "请选择一条记录". */
export const PICKER_WIDTH = 1200;
export const PICK_ONE_TEXT = '请选择一条记录';

type UserPickerModalProps = {
  open: boolean;
  title?: string;
  onCancel: () => void;
  onOk: (users: UserRecord[]) => Promise<boolean | void> | boolean | void;
};

/** The record picker of spec §2 "Dialogs" for users: search, 已选择 N 项 with 清空, paged table. */
export function UserPickerModal({ open, title = '选择用户', onCancel, onOk }: UserPickerModalProps) {
  const [form] = Form.useForm();
  const [filters, setFilters] = useState<Query>({});
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: DEFAULT_PAGE_SIZE });
  const [selected, setSelected] = useState<{ keys: string[]; rows: UserRecord[] }>({ keys: [], rows: [] });
  const [saving, setSaving] = useState(false);
  const params = { ...filters, ...paging, column: 'createTime', order: 'desc' };
  const users = useQuery<Page<UserRecord>>({
    queryKey: ['system', 'user-picker', params],
    queryFn: ({ signal }) => userApi.list(params, signal).then(unwrap),
    enabled: open,
    placeholderData: keepPreviousData,
  });

  const reset = () => {
    form.resetFields();
    setFilters({});
    setSelected({ keys: [], rows: [] });
    setPaging({ pageNo: 1, pageSize: DEFAULT_PAGE_SIZE });
  };

  const handleOk = async () => {
    if (selected.rows.length === 0) {
      feedback().message.warning(PICK_ONE_TEXT);
      return;
    }
    setSaving(true);
    try {
      if ((await onOk(selected.rows)) !== false) reset();
    } finally {
      setSaving(false);
    }
  };

  const search = (values: { username?: string; realname?: string }) => {
    const next: Query = {};
    if (values.username?.trim()) next.username = `*${values.username.trim()}*`;
    if (values.realname?.trim()) next.realname = `*${values.realname.trim()}*`;
    setFilters(next);
    setPaging((current) => ({ ...current, pageNo: 1 }));
  };

  return (
    <Modal
      open={open}
      title={title}
      width={PICKER_WIDTH}
      onOk={handleOk}
      confirmLoading={saving}
      onCancel={() => {
        reset();
        onCancel();
      }}
      okText="确定"
      cancelText="取消"
      destroyOnHidden
    >
      <Form form={form} name="user-picker" onFinish={search}>
        <Row gutter={24}>
          <Col md={8} sm={24}>
            <Form.Item name="username" label="账号">
              <Input allowClear placeholder="请输入账号" />
            </Form.Item>
          </Col>
          <Col md={8} sm={24}>
            <Form.Item name="realname" label="姓名">
              <Input allowClear placeholder="请输入姓名" />
            </Form.Item>
          </Col>
          <Col md={8} sm={24}>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                查询
              </Button>
              <Button
                icon={<ReloadOutlined />}
                onClick={() => {
                  form.resetFields();
                  search({});
                }}
              >
                重置
              </Button>
            </Space>
          </Col>
        </Row>
      </Form>
      <SelectionBar count={selected.keys.length} onClear={() => setSelected({ keys: [], rows: [] })} />
      <DataTable<UserRecord>
        loading={users.isFetching}
        dataSource={users.data?.records ?? []}
        pagination={listPagination(paging.pageNo, paging.pageSize, users.data?.total ?? 0)}
        onChange={(pagination) => setPaging({ pageNo: pagination.current ?? 1, pageSize: pagination.pageSize ?? DEFAULT_PAGE_SIZE })}
        rowSelection={{
          ...selectionLabels(),
          selectedRowKeys: selected.keys,
          preserveSelectedRowKeys: true,
          onChange: (keys, rows) => setSelected({ keys: keys.map(String), rows: rows.filter(Boolean) }),
        }}
        columns={[
          { title: '用户账号', dataIndex: 'username' },
          { title: '用户姓名', dataIndex: 'realname' },
          { title: '部门', dataIndex: 'orgCodeTxt', ellipsis: true },
          userStatusColumn(),
        ]}
      />
    </Modal>
  );
}
