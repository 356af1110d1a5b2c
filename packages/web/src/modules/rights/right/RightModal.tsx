import { rightBody, type RightRecord } from '@sbwq/contracts';
import { DatePicker, Form, Input, Row, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { DictSelect } from '../../../components/dict/DictSelect.tsx';
import { GridItem } from '../../../components/form/GridItem.tsx';
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
          <GridItem width="third" name="trademarkName" label="商标名称" required rules={[zodRule(shape.trademarkName)]}>
            <Input placeholder="请输入商标名称" maxLength={100} />
          </GridItem>
          <GridItem width="third" name="regNo" label="注册号" required rules={[zodRule(shape.regNo)]} normalize={(v?: string) => v?.toUpperCase()}>
            <Input placeholder="如 12345678 或 G1234567" maxLength={14} />
          </GridItem>
          <GridItem width="third" name="niceClass" label="国际分类" required rules={[zodRule(shape.niceClass)]}>
            <DictSelect code="nice_class" placeholder="请选择第1–45类" />
          </GridItem>
          <GridItem width="third" name="trademarkType" label="商标类型" rules={[zodRule(shape.trademarkType)]}>
            <DictSelect code="trademark_type" placeholder="请选择商标类型" showSearch={false} allowClear={false} />
          </GridItem>
          <GridItem width="third" name="registrant" label="注册人" required rules={[zodRule(shape.registrant)]}>
            <Input placeholder="商标注册证上的注册人" maxLength={200} />
          </GridItem>
          <GridItem width="third" name="legalStatus" label="法律状态" rules={[zodRule(shape.legalStatus)]}>
            <DictSelect code="legal_status" placeholder="请选择法律状态" showSearch={false} allowClear={false} />
          </GridItem>
          <GridItem width="third" name="regDate" label="注册日期" required rules={[dateRule('注册日期', true)]}>
            <DatePicker style={{ width: '100%' }} placeholder="请选择注册日期" disabledDate={afterToday} />
          </GridItem>
          <GridItem width="twoThirds" label="专用权期限">
            <Typography.Text type={validity ? undefined : 'secondary'} className="right-validity">
              {validity ?? '填写注册日期后自动计算（十年，止于前一日）'}
            </Typography.Text>
          </GridItem>
          <GridItem width="full" name="registrantAddress" label="注册人地址" rules={[zodRule(shape.registrantAddress)]}>
            <Input placeholder="请输入注册人地址" maxLength={300} />
          </GridItem>
          <GridItem width="full" name="goodsServices" label="核定商品/服务" rules={[zodRule(shape.goodsServices)]}>
            <Input.TextArea rows={2} placeholder="按商标注册证填写核定使用的商品或服务" maxLength={1000} />
          </GridItem>
          <GridItem name="markImage" label="商标图样" rules={[zodRule(shape.markImage)]} extra="JPG/PNG 图片，不超过10M">
            <FileUpload accept="image" max={1} listType="picture-card" biz={RIGHT_FILE_BIZ} text="上传图样" />
          </GridItem>
          <GridItem name="proofFile" label="证明文件" rules={[zodRule(shape.proofFile)]} extra="商标注册证等，最多3个">
            <FileUpload biz={RIGHT_FILE_BIZ} fileType={FileType.registration} text="上传证明文件" />
          </GridItem>
          <GridItem width="third" name="authOrg" label="授权机构" rules={[zodRule(shape.authOrg)]}>
            <Input placeholder="被授权维权的机构" maxLength={200} />
          </GridItem>
          <GridItem width="third" name="authStartDate" label="授权开始日期" rules={[dateRule('授权开始日期', false)]}>
            <DatePicker style={{ width: '100%' }} placeholder="请选择日期" />
          </GridItem>
          <GridItem
            width="third"
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
          </GridItem>
          <GridItem name="authLetter" label="授权委托书" rules={[zodRule(shape.authLetter)]} extra="PDF 文件，不超过10M">
            <FileUpload accept="pdf" biz={RIGHT_FILE_BIZ} fileType={FileType.authLetter} text="上传授权委托书" />
          </GridItem>
          <RemarkItem schema={shape.remark} width="half" />
        </Row>
      </Form>
    </FormModal>
  );
}
