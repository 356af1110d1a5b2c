import { BatchDict, batchItemValue, ItemStatus, MAX_BATCH_ITEMS, type BatchItemRecord } from '@sbwq/contracts';
import { Alert, DatePicker, Form, Input, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { DictSelect } from '../../../components/dict/DictSelect.tsx';
import { FormModal } from '../../../components/form/FormModal.tsx';
import { RemarkItem } from '../../../components/form/RemarkItem.tsx';
import { useModalForm } from '../../../components/form/useModalForm.ts';
import { zodRule } from '../../../components/form/zodRule.ts';
import { useApiMutation } from '../../../platform/useApiMutation.ts';
import { batchApi } from './batch.api.ts';
import { parsePastedItems } from './batchForm.ts';

type DialogProps = { batchId: string; onClose: () => void; onDone: () => void };

/**
 * 添加线索明细 of a 草稿 / 退回补正: links pasted one a line, or rows copied from a spreadsheet (侵权链接,
 * 店铺名称, 经营者, 所在地, 涉案商品, 价格 separated by tabs). Bad lines are named before anything is sent.
 * Mounted per opening, so each opening starts empty.
 */
export function ItemsPasteModal({ batchId, open, existing, onClose, onDone }: DialogProps & { open: boolean; existing: number }) {
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const saving = useApiMutation((values: ReturnType<typeof parsePastedItems>['values']) => batchApi.saveItems({ batchId, values, deleteIds: [] }), {
    onSuccess: () => {
      onDone();
      onClose();
    },
  });
  const submit = async () => {
    const parsed = parsePastedItems(text, existing);
    if (!parsed.values.length && !parsed.errors.length) parsed.errors.push('请输入至少一条侵权链接');
    setErrors(parsed.errors);
    if (parsed.errors.length) return;
    await saving.run(parsed.values);
  };
  return (
    <FormModal
      dialog={{ loading: false, saving: saving.isPending, submit }}
      onClose={onClose}
      open={open}
      title="添加线索明细"
      width={800}
      okText="添加"
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        每行一条线索：侵权链接，可接着填写 店铺名称、经营者、所在地、涉案商品、价格（从表格复制时以制表符分隔）。已有 {existing} 条，每批最多 {MAX_BATCH_ITEMS}{' '}
        条。
      </Typography.Paragraph>
      <Input.TextArea
        aria-label="线索明细"
        rows={10}
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={'https://item.taobao.com/item.htm?id=1\tXX旗舰店\t张三\t浙江杭州\t运动鞋\t199.00'}
      />
      {errors.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          title="以下行有误，未添加任何明细"
          description={
            <ul style={{ margin: 0, paddingInlineStart: 20, maxHeight: 160, overflow: 'auto' }}>
              {errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          }
        />
      )}
    </FormModal>
  );
}

type ResultValues = { status?: string; complaintNo?: string; handleTime?: Dayjs | null; remark?: string };
const shape = batchItemValue.shape;

/** 处理结果 of one item while 维权中: its status, 投诉单号 and 处理时间 (the only things that may change then). */
export function ItemResultModal({ batchId, item, onClose, onDone }: DialogProps & { item: BatchItemRecord | null }) {
  const dialog = useModalForm<BatchItemRecord, ResultValues>({
    open: item !== null,
    record: item,
    initial: () => ({}),
    load: (i) => ({
      status: i.status === ItemStatus.waiting ? ItemStatus.handling : i.status,
      complaintNo: i.complaintNo ?? undefined,
      handleTime: i.handleTime ? dayjs(i.handleTime) : dayjs(),
      remark: i.remark ?? undefined,
    }),
    save: (v) =>
      batchApi.saveItems({
        batchId,
        deleteIds: [],
        values: [
          {
            id: item!.id,
            linkUrl: item!.linkUrl,
            shopName: item!.shopName,
            operator: item!.operator,
            location: item!.location,
            goodsName: item!.goodsName,
            price: item!.price,
            evidence: item!.evidence,
            status: v.status,
            complaintNo: v.complaintNo?.trim() || null,
            handleTime: v.handleTime ? v.handleTime.format('YYYY-MM-DD') : null,
            remark: v.remark?.trim() || null,
          },
        ],
      }),
    onSaved: onDone,
    onClose,
  });
  return (
    <FormModal dialog={dialog} onClose={onClose} open={item !== null} title={`处理结果：第 ${item?.seq ?? ''} 条`} width={640} okText="保存" destroyOnHidden>
      <Typography.Paragraph ellipsis copyable>
        {item?.linkUrl}
      </Typography.Paragraph>
      <Form form={dialog.form} layout="vertical" name="batch-item-result-form" autoComplete="off">
        <Form.Item name="status" label="状态" required rules={[{ required: true, message: '请选择状态' }]}>
          <DictSelect code={BatchDict.itemStatus} showSearch={false} allowClear={false} />
        </Form.Item>
        <Form.Item name="complaintNo" label="投诉单号" rules={[zodRule(shape.complaintNo)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="handleTime" label="处理时间">
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <RemarkItem schema={shape.remark} />
      </Form>
    </FormModal>
  );
}
