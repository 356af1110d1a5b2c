import { rightBody, type RightRecord } from '@sbwq/contracts';
import { Col, DatePicker, Form, Input, Row, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { DictSelect } from '../../../components/dict/DictSelect.tsx';
import { zodRule } from '../../../components/form/zodRule.ts';
import { FileUpload } from '../../../components/upload/FileUpload.tsx';
import { FormModal } from '../../../components/form/FormModal.tsx';
import { RemarkItem } from '../../../components/form/RemarkItem.tsx';
import { useModalForm } from '../../../components/form/useModalForm.ts';
import { rightApi } from './right.api.ts';
import { afterToday, rightBodyOf, rightFormValues, validityText, type RightFormValues } from './rightForm.ts';

const shape = rightBody.shape;
const RIGHT_FILE_BIZ = 'rights_right';
/** file_type values (DOMAIN.md file info): 商标注册证, 授权委托书 */
const FileType = { registration: '1', authLetter: '2' };
const half = { xs: 24, md: 12 };
const third = { xs: 24, md: 8 };

const dateRule = (label: string, required: boolean) => ({
  validator: async (_: unknown, value?: Dayjs | null) => {
    if (!value) {
      if (required) throw new Error(`请选择${label}`);
      return;
    }
    if (label === '注册日期' && afterToday(value)) throw new Error('注册日期不能晚于今天');
  },
});

type RightModalProps = {
  open: boolean;
  /** null: 新增 */
  record: RightRecord | null;
  onClose: () => void;
  onSaved: () => void;
};

/**
 * 新增 / 编辑 of a protected-rights record (DOMAIN.md): the mark, its image, Nice class from the
 * dictionary, the registration date from which the ten-year 专用权期限 follows, the authorisation and
 * its letter (PDF). A new record is a draft (草稿) until its organisation submits it for review.
 */
export function RightModal({ open, record, onClose, onSaved }: RightModalProps) {
  const dialog = useModalForm<RightRecord, RightFormValues>({
    open,
    record,
    initial: () => rightFormValues(null),
    // the row may be minutes old: edit the record as it is now
    load: async (row) => rightFormValues(await rightApi.byId(row.id)),
    save: (values, f) => {
      const body = rightBodyOf({ ...f.getFieldsValue(true), ...values }, record?.id);
      return record ? rightApi.edit!(body) : rightApi.add!(body);
    },
    onSaved,
    onClose,
  });
  const regDate = Form.useWatch('regDate', dialog.form);

  const validity = validityText(regDate);
  return (
    <FormModal dialog={dialog} onClose={onClose} open={open} title={record ? '编辑受保护权利' : '新增受保护权利'} width={960} okText="保存" destroyOnHidden>
      <Form form={dialog.form} name="rights-right-form" layout="vertical" autoComplete="off">
        <Row gutter={24}>
          <Col {...third}>
            <Form.Item name="trademarkName" label="商标名称" required rules={[zodRule(shape.trademarkName)]}>
              <Input placeholder="请输入商标名称" maxLength={100} />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item name="regNo" label="注册号" required rules={[zodRule(shape.regNo)]} normalize={(v?: string) => v?.toUpperCase()}>
              <Input placeholder="如 12345678 或 G1234567" maxLength={14} />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item name="niceClass" label="国际分类" required rules={[zodRule(shape.niceClass)]}>
              <DictSelect code="nice_class" placeholder="请选择第1–45类" />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item name="trademarkType" label="商标类型" rules={[zodRule(shape.trademarkType)]}>
              <DictSelect code="trademark_type" placeholder="请选择商标类型" showSearch={false} allowClear={false} />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item name="registrant" label="注册人" required rules={[zodRule(shape.registrant)]}>
              <Input placeholder="商标注册证上的注册人" maxLength={200} />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item name="legalStatus" label="法律状态" rules={[zodRule(shape.legalStatus)]}>
              <DictSelect code="legal_status" placeholder="请选择法律状态" showSearch={false} allowClear={false} />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item name="regDate" label="注册日期" required rules={[dateRule('注册日期', true)]}>
              <DatePicker style={{ width: '100%' }} placeholder="请选择注册日期" disabledDate={afterToday} />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item label="专用权期限">
              <Typography.Text type={validity ? undefined : 'secondary'} className="right-validity">
                {validity ?? '填写注册日期后自动计算（十年，止于前一日）'}
              </Typography.Text>
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="registrantAddress" label="注册人地址" rules={[zodRule(shape.registrantAddress)]}>
              <Input placeholder="请输入注册人地址" maxLength={300} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="goodsServices" label="核定商品/服务" rules={[zodRule(shape.goodsServices)]}>
              <Input.TextArea rows={2} placeholder="按商标注册证填写核定使用的商品或服务" maxLength={1000} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="markImage" label="商标图样" rules={[zodRule(shape.markImage)]} extra="JPG/PNG 图片，不超过10M">
              <FileUpload accept="image" max={1} listType="picture-card" biz={RIGHT_FILE_BIZ} text="上传图样" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="proofFile" label="证明文件" rules={[zodRule(shape.proofFile)]} extra="商标注册证等，最多3个">
              <FileUpload biz={RIGHT_FILE_BIZ} fileType={FileType.registration} text="上传证明文件" />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item name="authOrg" label="授权机构" rules={[zodRule(shape.authOrg)]}>
              <Input placeholder="被授权维权的机构" maxLength={200} />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item name="authStartDate" label="授权开始日期" rules={[dateRule('授权开始日期', false)]}>
              <DatePicker style={{ width: '100%' }} placeholder="请选择日期" />
            </Form.Item>
          </Col>
          <Col {...third}>
            <Form.Item
              name="authEndDate"
              label="授权期限"
              dependencies={['authStartDate']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_: unknown, value?: Dayjs | null) => {
                    const start = getFieldValue('authStartDate') as Dayjs | null | undefined;
                    if (value && start && value.isBefore(start, 'day')) throw new Error('授权期限不能早于授权开始日期');
                  },
                }),
              ]}
            >
              <DatePicker style={{ width: '100%' }} placeholder="授权截止日期" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="authLetter" label="授权委托书" rules={[zodRule(shape.authLetter)]} extra="PDF 文件，不超过10M">
              <FileUpload accept="pdf" biz={RIGHT_FILE_BIZ} fileType={FileType.authLetter} text="上传授权委托书" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <RemarkItem schema={shape.remark} />
          </Col>
        </Row>
      </Form>
    </FormModal>
  );
}
