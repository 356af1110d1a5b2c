import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Col, DatePicker, Form, Input, Row, Select, Space } from 'antd';
import { useState } from 'react';
import { DictSelect } from '../dict/DictSelect.tsx';
import type { SearchField } from './types.ts';

type SearchFormProps = {
  /** prefixes the fields' ids, which must not clash with the dialog's */
  name: string;
  fields: SearchField[];
  onSearch: (values: Record<string, unknown>) => void;
  /** the filter the list opened with (from its address) */
  initialValues?: Record<string, unknown>;
};

/** The input of a field, as an element Form.Item can hand its value and onChange to. */
function fieldInput(field: SearchField) {
  const placeholder = `请输入${field.label}`;
  switch (field.type) {
    case 'dict':
      return <DictSelect code={field.dictCode} placeholder={`请选择${field.label}`} />;
    case 'select':
      return <Select allowClear placeholder={`请选择${field.label}`} options={field.options} />;
    case 'dateRange':
      return <DatePicker.RangePicker style={{ width: '100%' }} />;
    case 'custom':
      return field.input;
    default:
      return <Input allowClear placeholder={placeholder} />;
  }
}

/** The list's search form: 查询, 重置, and 展开/收起 for the fields marked hidden (JeecgBoot table-page-search). */
export function SearchForm({ name, fields, onSearch, initialValues }: SearchFormProps) {
  const [form] = Form.useForm();
  // a filter on a folded field is shown, so that 重置 is not the only sign of it
  const [expanded, setExpanded] = useState(() => fields.some((field) => field.hidden && initialValues?.[field.name] !== undefined));
  const hasHidden = fields.some((field) => field.hidden);
  const shown = fields.filter((field) => expanded || !field.hidden);

  const handleReset = () => {
    form.resetFields();
    onSearch({});
  };

  return (
    <Form form={form} name={name} initialValues={initialValues} className="list-search" onFinish={(values: Record<string, unknown>) => onSearch(values)} style={{ marginBottom: 16 }}>
      <Row gutter={24}>
        {shown.map((field) => (
          <Col key={field.name} xl={6} lg={8} md={12} sm={24} xs={24}>
            <Form.Item name={field.name} label={field.label} style={{ marginBottom: 12 }}>
              {fieldInput(field)}
            </Form.Item>
          </Col>
        ))}
        <Col xl={6} lg={8} md={12} sm={24} xs={24}>
          <Space wrap style={{ marginBottom: 12 }}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              查询
            </Button>
            <Button icon={<ReloadOutlined />} onClick={handleReset}>
              重置
            </Button>
            {hasHidden && (
              <Button type="link" onClick={() => setExpanded((open) => !open)} style={{ paddingInline: 4 }}>
                {expanded ? '收起' : '展开'}
                {expanded ? <UpOutlined /> : <DownOutlined />}
              </Button>
            )}
          </Space>
        </Col>
      </Row>
    </Form>
  );
}
