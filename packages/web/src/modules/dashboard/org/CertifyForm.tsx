import { orgCertifyBody, RightsMsg, RightsOrgType, type OrgRecord } from '@sbwq/contracts';
import { Button, Card, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { GridItem } from '../../../components/form/GridItem.tsx';
import { zodRule } from '../../../components/form/zodRule.ts';
import { FileUpload } from '../../../components/upload/FileUpload.tsx';
import { confirm } from '../../../platform/feedback.ts';
import { useApiMutation } from '../../../platform/useApiMutation.ts';
import { orgApi } from '../../core/org/org.api.ts';

type CertifyValues = { practiceFile?: string | null; filingFile?: string | null; agentFilingNo?: string | null };

const shape = orgCertifyBody.shape;

/**
 * 认证材料 (DOMAIN.md certify): the practice licence and/or the filing certificate, and for a 商标代理机构
 * its 商标代理备案号. Submitting moves the organisation to 认证中.
 */
export function CertifyForm({ org, onSaved }: { org: OrgRecord; onSaved: () => Promise<void> }) {
  const [form] = Form.useForm<CertifyValues>();
  const agency = org.orgType === RightsOrgType.agency;

  // filled once when the form opens (see EnrolForm: a reset would remount the upload controls)
  const [initialValues] = useState<CertifyValues>(() => ({ practiceFile: org.practiceFile, filingFile: org.filingFile, agentFilingNo: org.agentFilingNo }));

  const certify = useApiMutation(
    (values: CertifyValues) =>
      orgApi.submitCertify({
        practiceFile: values.practiceFile || null,
        filingFile: values.filingFile || null,
        agentFilingNo: values.agentFilingNo?.trim() || null,
      }),
    { onSuccess: onSaved },
  );
  const busy = certify.isPending;

  const handleSubmit = async () => {
    let values: CertifyValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (!values.practiceFile && !values.filingFile) {
      form.setFields([{ name: 'practiceFile', errors: [RightsMsg.certifyFilesRequired] }]);
      return;
    }
    confirm({
      title: '提交认证材料',
      content: '提交后由协会审核，审核期间不能修改。确定提交吗？',
      onOk: () => certify.run(values),
    });
  };

  return (
    <Card title="认证材料">
      <Form form={form} name="org-certify" layout="vertical" autoComplete="off" initialValues={initialValues}>
        <Row gutter={24}>
          <GridItem name="practiceFile" label="执业许可证" rules={[zodRule(shape.practiceFile)]} extra="与备案证明文件至少上传一项；JPG/PNG/PDF，单个不超过10M">
            <FileUpload biz="rights_org" text="上传执业许可证" />
          </GridItem>
          <GridItem name="filingFile" label="备案证明文件" rules={[zodRule(shape.filingFile)]} extra="如商标代理机构备案证明">
            <FileUpload biz="rights_org" text="上传备案证明" />
          </GridItem>
          <GridItem
            name="agentFilingNo"
            label="商标代理备案号"
            required={agency}
            rules={[zodRule(shape.agentFilingNo), ...(agency ? [{ required: true, whitespace: true, message: RightsMsg.agentFilingNoRequired }] : [])]}
          >
            <Input placeholder="在国家知识产权局备案的编号" maxLength={50} />
          </GridItem>
        </Row>
        <Button type="primary" loading={busy} onClick={() => void handleSubmit()}>
          提交认证
        </Button>
      </Form>
    </Card>
  );
}
