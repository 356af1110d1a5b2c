import { orgEnrolBody, type OrgRecord } from '@sbwq/contracts';
import { Button, Card, DatePicker, Form, Input, Row, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { DictSelect } from '../../../components/dict/DictSelect.tsx';
import { GridItem } from '../../../components/form/GridItem.tsx';
import { zodRule } from '../../../components/form/zodRule.ts';
import { FileUpload } from '../../../components/upload/FileUpload.tsx';
import { confirm } from '../../../platform/feedback.ts';
import { useApiMutation } from '../../../platform/useApiMutation.ts';
import { orgApi } from '../../core/org/org.api.ts';
import { draftFieldsToCheck, enrolBody, enrolFormValues, type EnrolFormValues } from './enrolForm.ts';
import styles from './EnrolForm.module.css';

const shape = orgEnrolBody.shape;
/** file_type 营业执照 (DOMAIN.md file info) */
const LICENCE_FILE_TYPE = '3';
const ORG_FILE_BIZ = 'rights_org';
const AGENCY = '1';

const foundDateRule = {
  validator: async (_: unknown, value?: Dayjs | null) => {
    if (!value) throw new Error('请选择成立日期');
    if (value.isAfter(dayjs(), 'day')) throw new Error('成立日期不能晚于今天');
  },
};

type TextItemProps = { name: keyof typeof shape; label: string; required?: boolean; placeholder: string; maxLength: number; extra?: string };

/** A text field of the application, checked by its own rule of the server's schema. */
function TextItem({ name, placeholder, maxLength, ...item }: TextItemProps) {
  return (
    <GridItem name={name} rules={[zodRule(shape[name])]} {...item}>
      <Input placeholder={placeholder} maxLength={maxLength} />
    </GridItem>
  );
}

/**
 * The enrolment form (DOMAIN.md organisation), checked with the server's own schema: 保存草稿 keeps what is
 * filled in (only the name is needed), 提交申请 checks everything and hands it to the association.
 */
export function EnrolForm({ org, onSaved }: { org: OrgRecord | null; onSaved: () => Promise<void> }) {
  const [form] = Form.useForm<EnrolFormValues>();
  const orgType = Form.useWatch('orgType', form);

  // The saved application fills the form once, when it opens: later answers are the user's own saves, and
  // resetting the form then would remount the upload controls and lose an upload in flight.
  const [initialValues] = useState(() => enrolFormValues(org));

  const saveDraft = useApiMutation((values: EnrolFormValues) => orgApi.saveEnrol(enrolBody(values)), { onSuccess: onSaved });
  const submitApplication = useApiMutation((values: EnrolFormValues) => orgApi.submitEnrol(enrolBody(values)), { onSuccess: onSaved });
  const busy = saveDraft.isPending ? 'save' : submitApplication.isPending ? 'submit' : null;

  const handleSave = async () => {
    const values = form.getFieldsValue(true) as EnrolFormValues;
    try {
      await form.validateFields(draftFieldsToCheck(values));
    } catch {
      return; // the fields show their messages
    }
    await saveDraft.run(values);
  };

  const submit = () => submitApplication.run(form.getFieldsValue(true) as EnrolFormValues);

  const handleSubmit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    confirm({
      title: '提交入驻申请',
      content: '提交后由协会审核，审核期间不能修改申请内容。确定提交吗？',
      onOk: submit,
    });
  };

  return (
    <Card title="机构入驻申请">
      <Form form={form} name="org-enrol" layout="vertical" autoComplete="off" scrollToFirstError initialValues={initialValues}>
        <Row gutter={24}>
          <TextItem name="orgName" label="机构名称" required placeholder="与营业执照一致的机构全称" maxLength={100} />
          <GridItem name="orgType" label="机构类型" required rules={[zodRule(shape.orgType)]}>
            <DictSelect code="rights_org_type" placeholder="请选择机构类型" showSearch={false} />
          </GridItem>
          <GridItem
            name="creditCode"
            label="统一社会信用代码"
            className={styles.hintOrError}
            required
            rules={[zodRule(shape.creditCode)]}
            normalize={(value?: string) => value?.toUpperCase().replace(/\s/g, '')}
            extra="18位数字或大写字母，最后一位为校验位"
          >
            <Input placeholder="请输入统一社会信用代码" maxLength={18} />
          </GridItem>
          <TextItem name="legalPerson" label="法定代表人" required placeholder="请输入法定代表人" maxLength={50} />
          <GridItem name="foundDate" label="成立日期" required rules={[foundDateRule]}>
            <DatePicker style={{ width: '100%' }} placeholder="请选择成立日期" disabledDate={(day) => day.isAfter(dayjs(), 'day')} />
          </GridItem>
          <TextItem name="region" label="所在地区" required placeholder="例如：浙江省杭州市" maxLength={100} />
          <TextItem name="regAddress" label="注册地址" required placeholder="与营业执照一致的注册地址" maxLength={200} />
          <TextItem name="officeAddress" label="办公地址" placeholder="与注册地址不同时填写" maxLength={200} />
          <TextItem name="contactName" label="联系人" required placeholder="请输入联系人" maxLength={50} />
          <TextItem name="contactPhone" label="联系电话" required placeholder="手机号或区号-电话" maxLength={20} />
          <TextItem name="contactEmail" label="联系邮箱" placeholder="请输入联系邮箱" maxLength={100} />
          <TextItem
            name="agentFilingNo"
            label="商标代理备案号"
            placeholder="在国家知识产权局备案的编号"
            maxLength={50}
            extra={orgType === AGENCY ? '商标代理机构认证时必须提供' : undefined}
          />
          <GridItem name="licenseFile" label="营业执照" required rules={[zodRule(shape.licenseFile)]} extra="JPG/PNG/PDF，单个不超过10M，最多3个">
            <FileUpload biz={ORG_FILE_BIZ} fileType={LICENCE_FILE_TYPE} text="上传营业执照" />
          </GridItem>
          <GridItem name="practiceFile" label="执业许可证" rules={[zodRule(shape.practiceFile)]} extra="律师事务所等须持证执业的机构上传">
            <FileUpload biz={ORG_FILE_BIZ} text="上传执业许可证" />
          </GridItem>
        </Row>
        <Space wrap>
          <Button loading={busy === 'save'} disabled={busy !== null} onClick={() => void handleSave()}>
            保存草稿
          </Button>
          <Button type="primary" loading={busy === 'submit'} disabled={busy !== null} onClick={() => void handleSubmit()}>
            提交申请
          </Button>
        </Space>
      </Form>
    </Card>
  );
}
