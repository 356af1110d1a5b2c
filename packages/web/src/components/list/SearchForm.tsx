import { DownOutlined, FilterOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Badge, Button, Col, DatePicker, Drawer, Form, Input, Row, Select, Space } from 'antd';
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
  /**
   * On a phone the form would fill the first screen before a single row: it waits behind a 筛选 button
   * (with the number of filters in force) and opens in a drawer.
   */
  folded?: boolean;
};

const isSet = (value: unknown) => value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);

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
export function SearchForm(props: SearchFormProps) {
  return props.folded ? <FoldedSearchForm {...props} /> : <InlineSearchForm {...props} />;
}

function InlineSearchForm({ name, fields, onSearch, initialValues }: SearchFormProps) {
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
    <Form
      form={form}
      name={name}
      initialValues={initialValues}
      className="list-search"
      onFinish={(values: Record<string, unknown>) => onSearch(values)}
      style={{ marginBottom: 16 }}
    >
      <Row gutter={24}>
        {shown.map((field) => (
          // two whole dates and the ~ between them need more room than a quarter row leaves after the label
          <Col key={field.name} xl={field.type === 'dateRange' ? 8 : 6} lg={field.type === 'dateRange' ? 12 : 8} md={12} sm={24} xs={24}>
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

/** The phone's search: 筛选 opens a drawer with every field; 查询 and 重置 search and close it. */
function FoldedSearchForm({ name, fields, onSearch, initialValues }: SearchFormProps) {
  const [form] = Form.useForm();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(() => fields.filter((field) => isSet(initialValues?.[field.name])).length);

  const search = (values: Record<string, unknown>) => {
    setActive(fields.filter((field) => isSet(values[field.name])).length);
    setOpen(false);
    onSearch(values);
  };
  const handleReset = () => {
    form.resetFields();
    search({});
  };

  return (
    <>
      <Badge count={active} size="small">
        <Button icon={<FilterOutlined />} aria-expanded={open} onClick={() => setOpen(true)}>
          筛选
        </Button>
      </Badge>
      <Drawer
        title="筛选"
        placement="right"
        size="85%"
        open={open}
        onClose={() => setOpen(false)}
        forceRender
        footer={
          <Space>
            <Button type="primary" icon={<SearchOutlined />} onClick={() => form.submit()}>
              查询
            </Button>
            <Button icon={<ReloadOutlined />} onClick={handleReset}>
              重置
            </Button>
          </Space>
        }
      >
        <Form
          form={form}
          name={name}
          layout="vertical"
          initialValues={initialValues}
          className="list-search"
          onFinish={(values: Record<string, unknown>) => search(values)}
        >
          {fields.map((field) => (
            <Form.Item key={field.name} name={field.name} label={field.label} style={{ marginBottom: 12 }}>
              {fieldInput(field)}
            </Form.Item>
          ))}
          {/* Enter in a field submits, as in the inline form */}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      </Drawer>
    </>
  );
}
