import { PlusOutlined } from '@ant-design/icons';
import { batchProgressBody, BatchDict, chinaToday, type BatchRecord, type ProgressRecord } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Empty, Form, Input, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { DictSelect } from '../../../components/dict/DictSelect.tsx';
import { FormModal } from '../../../components/form/FormModal.tsx';
import { useModalForm } from '../../../components/form/useModalForm.ts';
import { zodRule } from '../../../components/form/zodRule.ts';
import { FileLinks } from '../../../components/upload/FileLinks.tsx';
import { batchApi, batchKey } from './batch.api.ts';
import { EnforcementFilesItem } from './BatchFlowModals.tsx';

type ProgressValues = { node?: string; progressDate?: Dayjs; description?: string; attachments?: string };
const shape = batchProgressBody.shape;
const laterThanToday = (day: Dayjs) => day.format('YYYY-MM-DD') > chinaToday();

/** 添加进度: one step of the enforcement (受理, 取证公证 … 结案) with its date, description and documents. */
function ProgressModal({ batchId, open, onClose, onDone }: { batchId: string; open: boolean; onClose: () => void; onDone: () => void }) {
  const dialog = useModalForm<never, ProgressValues>({
    open,
    initial: () => ({ progressDate: dayjs(chinaToday()) }),
    save: (v) =>
      batchApi.addProgress({
        batchId,
        node: v.node!,
        progressDate: v.progressDate!.format('YYYY-MM-DD'),
        description: v.description!,
        attachments: v.attachments ?? null,
      }),
    onSaved: onDone,
    onClose,
  });
  return (
    <FormModal dialog={dialog} onClose={onClose} open={open} title="添加进度" width={640} okText="保存" destroyOnHidden>
      <Form form={dialog.form} layout="vertical" name="batch-progress-form" autoComplete="off">
        <Form.Item name="node" label="进度节点" required rules={[zodRule(shape.node)]}>
          <DictSelect code={BatchDict.progressNode} placeholder="请选择进度节点" showSearch={false} />
        </Form.Item>
        <Form.Item name="progressDate" label="日期" required rules={[{ required: true, message: '请选择日期' }]}>
          <DatePicker style={{ width: '100%' }} disabledDate={laterThanToday} />
        </Form.Item>
        <Form.Item name="description" label="进度说明" required rules={[zodRule(shape.description)]}>
          <Input.TextArea rows={4} maxLength={2000} showCount placeholder="如 已向平台提交投诉，投诉单号 …" />
        </Form.Item>
        <EnforcementFilesItem name="attachments" label="附件" schema={shape.attachments} extra="公证书、受理通知、处理结果截图等，最多10个" />
      </Form>
    </FormModal>
  );
}

/**
 * 维权进度 (DOMAIN.md progress record) as a timeline, oldest first; the organisation adds a step while
 * the batch is 维权中 (`canAdd`).
 */
export function BatchProgressTab({ batch, canAdd, onChanged }: { batch: BatchRecord; canAdd: boolean; onChanged: () => void }) {
  const [adding, setAdding] = useState(false);
  const records = useQuery({ queryKey: batchKey(batch.id, 'progress'), queryFn: ({ signal }) => batchApi.progress(batch.id, signal) });
  const list = records.data ?? [];
  return (
    <>
      {canAdd && (
        <Space style={{ marginBottom: 16 }}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            添加进度
          </Button>
        </Space>
      )}
      {records.isLoading ? (
        <Skeleton active />
      ) : list.length === 0 ? (
        <Empty description="暂无维权进度" />
      ) : (
        <Timeline
          items={list.map((p: ProgressRecord) => ({
            key: p.id,
            color: p.node === '12' ? 'green' : 'blue',
            children: (
              <div className="batch-progress-item">
                <Space wrap size={8}>
                  <Tag color="blue">{p.node_dictText ?? p.node}</Tag>
                  <Typography.Text strong>{p.progressDate}</Typography.Text>
                  <Typography.Text type="secondary">
                    {p.createByName ?? p.createBy} 记录于 {p.createTime}
                  </Typography.Text>
                </Space>
                <Typography.Paragraph style={{ margin: '8px 0', whiteSpace: 'pre-wrap' }}>{p.description}</Typography.Paragraph>
                {p.attachments && <FileLinks value={p.attachments} size={48} />}
              </div>
            ),
          }))}
        />
      )}
      <ProgressModal batchId={batch.id} open={adding} onClose={() => setAdding(false)} onDone={onChanged} />
    </>
  );
}
