import { batchAddBody, BatchDict, BatchMsg, type BatchRecord } from '@sbwq/contracts';
import { Alert, Col, Form, Input, Row, Typography } from 'antd';
import { DictSelect } from '../../../components/dict/DictSelect.tsx';
import { GridItem } from '../../../components/form/GridItem.tsx';
import { FormModal } from '../../../components/form/FormModal.tsx';
import { RemarkItem } from '../../../components/form/RemarkItem.tsx';
import { useModalForm } from '../../../components/form/useModalForm.ts';
import { zodRule } from '../../../components/form/zodRule.ts';
import { FileUpload } from '../../../components/upload/FileUpload.tsx';
import { formatMoney } from '../../../platform/format.ts';
import { batchApi } from './batch.api.ts';
import { batchBodyOf, batchFormValues, type BatchFormValues } from './batchForm.ts';
import { ActivePoolSelect, EligibleRightSelect } from './BatchSelects.tsx';
import { BatchReturnedAlert } from './BatchReturnedAlert.tsx';

const shape = batchAddBody.shape;
const BATCH_FILE_BIZ = 'rights_threaded';
/** file_type 侵权证据 (DOMAIN.md file info) */
const EVIDENCE_FILE_TYPE = '4';
/** The batch's classifications, each chosen from its own dictionary. */
const DICT_FIELDS = [
  { name: 'infringeType', label: '侵权类型' },
  { name: 'clueSource', label: '线索来源' },
  { name: 'platform', label: '侵权平台' },
  { name: 'rightsMethod', label: '维权方式' },
] as const;

type BatchModalProps = {
  open: boolean;
  /** null: 新增 */
  record: BatchRecord | null;
  onClose: () => void;
  /** after a save; a new batch's id, so that its items can be added next */
  onSaved: (id: string | null) => void;
};

/**
 * 新增 / 编辑 of a clue batch (DOMAIN.md clue batch) while it is a 草稿 or 退回补正: the rights concerned,
 * 侵权类型 / 线索来源 / 侵权平台 / 维权方式 from their dictionaries, the pool and the evidence. 批次编号,
 * 线索数量 and 申请金额 are the server's: 申请金额 = 线索数量 × the pool's 单件补贴标准, within its 单机构上限.
 */
export function BatchModal({ open, record, onClose, onSaved }: BatchModalProps) {
  const dialog = useModalForm<BatchRecord, BatchFormValues, unknown>({
    open,
    record,
    initial: () => batchFormValues(null),
    load: async (row) => batchFormValues(await batchApi.byId(row.id)),
    save: (values, f) => {
      const body = batchBodyOf({ ...f.getFieldsValue(true), ...values }, record?.id);
      return record ? batchApi.edit!(body) : batchApi.add!(body);
    },
    onSaved: (result) => onSaved(record ? record.id : typeof result === 'string' ? result : null),
    onClose,
  });

  return (
    <FormModal
      dialog={dialog}
      onClose={onClose}
      open={open}
      title={record ? `编辑线索批次：${record.batchNo}` : '新增线索批次'}
      width={960}
      okText="保存"
      destroyOnHidden
    >
      <BatchReturnedAlert batch={record} />
      <Form form={dialog.form} name="rights-batch-form" layout="vertical" autoComplete="off">
        <Row gutter={24}>
          <GridItem width="full" name="batchName" label="批次名称" required rules={[zodRule(shape.batchName)]}>
            <Input placeholder="如 2026年11月淘宝假冒商品线索" maxLength={100} />
          </GridItem>
          <GridItem
            width="full"
            name="rightIds"
            label="涉及权利"
            required
            rules={[
              {
                validator: async (_, v?: string[]) => {
                  if (!v?.length) throw new Error(BatchMsg.rightsRequired);
                },
              },
            ]}
          >
            <EligibleRightSelect record={record} />
          </GridItem>
          {DICT_FIELDS.map(({ name, label }) => (
            <GridItem key={name} name={name} label={label} required rules={[zodRule(shape[name])]}>
              <DictSelect code={BatchDict[name]} placeholder={`请选择${label}`} showSearch={false} />
            </GridItem>
          ))}
          <GridItem name="poolId" label="资金池" required rules={[zodRule(shape.poolId)]}>
            <ActivePoolSelect record={record} />
          </GridItem>
          <GridItem label="申请金额（元）">
            {record ? (
              <Typography.Text className="batch-apply-amount">
                {formatMoney(record.applyAmount)}（{record.itemCount} 条线索）
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">保存后添加线索明细，由系统计算</Typography.Text>
            )}
          </GridItem>
          <Col span={24}>
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              title="申请金额 = 线索数量 × 资金池单件补贴标准，且不超过本机构在该资金池的单机构上限余量；线索明细或资金池变化后由系统重新计算。"
            />
          </Col>
          <GridItem width="full" name="description" label="线索说明" rules={[zodRule(shape.description)]}>
            <Input.TextArea rows={3} maxLength={2000} showCount placeholder="线索的发现经过、侵权情形等" />
          </GridItem>
          <GridItem name="evidenceFiles" label="证据附件" rules={[zodRule(shape.evidenceFiles)]} extra="截图、公证书等，最多10个">
            <FileUpload max={10} biz={BATCH_FILE_BIZ} fileType={EVIDENCE_FILE_TYPE} text="上传证据" />
          </GridItem>
          <RemarkItem schema={shape.remark} width="half" />
        </Row>
      </Form>
    </FormModal>
  );
}
