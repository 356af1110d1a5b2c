import { BATCH_CLAIM_WINDOW_DAYS, ClaimDict, ClaimWindowMsg, claimAddBody, type ClaimRecord } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Row as GridRow, Select, Skeleton, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { DictSelect } from '../../../components/dict/DictSelect.tsx';
import { EditableTable } from '../../../components/editable-table/EditableTable.tsx';
import type { EditableTableHandle, Row } from '../../../components/editable-table/types.ts';
import { GridItem } from '../../../components/form/GridItem.tsx';
import { MoneyInput } from '../../../components/form/MoneyInput.tsx';
import { zodRule } from '../../../components/form/zodRule.ts';
import { useApiMutation } from '../../../platform/useApiMutation.ts';
import { FormModal } from '../../../components/form/FormModal.tsx';
import { formatMoney } from '../../../platform/format.ts';
import { claimApi, claimKey } from './claim.api.ts';
import { claimBodyOf, INVOICE_COLUMNS, invoiceRowsError, invoiceRowsOf, invoiceTotalOf, type ClaimFormValues } from './claimForm.ts';

const shape = claimAddBody.shape;

type ClaimModalProps = {
  open: boolean;
  /** the claim to edit; null adds one */
  record: ClaimRecord | null;
  onClose: () => void;
  onSaved: () => void;
};

/**
 * 新增 / 编辑 报销单 (DOMAIN.md expense claim): the batch whose frozen money pays it, 费用类型, 申请金额,
 * 扣减项, the invoices as rows and the 收款账户. Cells and fields are checked by the contract's rules;
 * what only the server knows (an invoice already claimed elsewhere, the batch's money) comes back as
 * its refusal, told by the spec §8 notification, and the dialog stays open with everything typed.
 */
export function ClaimModal({ open, record, onClose, onSaved }: ClaimModalProps) {
  // the list row may be old, and its invoices are what the table edits
  const fresh = useQuery({
    queryKey: claimKey(record?.id ?? '', 'edit'),
    queryFn: () => claimApi.byId(record!.id),
    enabled: open && record !== null,
    gcTime: 0,
  });
  if (!open) return null;
  if (record && !fresh.data) {
    return (
      <Modal open title={`编辑报销单：${record.claimNo}`} width={1000} onCancel={onClose} footer={null}>
        <Skeleton active />
      </Modal>
    );
  }
  return <ClaimEditor key={fresh.data?.id ?? 'new'} claim={record ? (fresh.data ?? null) : null} onClose={onClose} onSaved={onSaved} />;
}

type ClaimEditorProps = { claim: ClaimRecord | null; onClose: () => void; onSaved: () => void };

function ClaimEditor({ claim, onClose, onSaved }: ClaimEditorProps) {
  const [form] = Form.useForm<ClaimFormValues>();
  const table = useRef<EditableTableHandle>(null);
  const [initialRows] = useState<Row[]>(() => (claim ? invoiceRowsOf(claim.invoices) : []));
  const [rows, setRows] = useState<Row[]>(initialRows);
  const [tableError, setTableError] = useState<string | null>(null);
  const batches = useQuery({ queryKey: ['finance', 'claim', 'batchOptions'], queryFn: ({ signal }) => claimApi.batchOptions(signal) });
  const banks = useQuery({ queryKey: ['finance', 'claim', 'bankOptions'], queryFn: ({ signal }) => claimApi.bankOptions(signal) });

  const save = useApiMutation(
    (values: ClaimFormValues) => {
      const body = claimBodyOf(values, table.current?.getValues().values ?? [], claim);
      return claim ? claimApi.edit!(body) : claimApi.add!(body);
    },
    {
      onSuccess: () => {
        onSaved();
        onClose();
      },
    },
  );

  // a new claim is paid to the organisation's default account unless another is chosen
  useEffect(() => {
    if (claim || form.getFieldValue('bankAccountId')) return;
    const preferred = banks.data?.find((bank) => bank.isDefault) ?? (banks.data?.length === 1 ? banks.data[0] : undefined);
    if (preferred) form.setFieldValue('bankAccountId', preferred.id);
  }, [claim, banks.data, form]);

  const submit = async () => {
    const cellErrors = (await table.current?.validate()) ?? [];
    const rowsError = invoiceRowsError(table.current?.getValues().values ?? []);
    setTableError(rowsError ?? (cellErrors.length ? '请先修正发票表格中标红的单元格' : null));
    let values: ClaimFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (rowsError || cellErrors.length) return;
    await save.run(values);
  };

  const total = invoiceTotalOf(rows);
  return (
    <FormModal
      dialog={{ loading: false, saving: save.isPending, submit }}
      onClose={onClose}
      open
      title={claim ? `编辑报销单：${claim.claimNo}` : '新增报销单'}
      width={1000}
      okText="保存"
      destroyOnHidden
    >
      {claim?.auditOpinion && <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={`审核意见：${claim.auditOpinion}`} />}
      <Form
        form={form}
        layout="vertical"
        name="claim-form"
        initialValues={claim ? { ...claim, deductionNote: claim.deductionNote ?? undefined, description: claim.description ?? undefined } : undefined}
      >
        <GridRow gutter={16}>
          <GridItem
            name="batchId"
            label="关联批次"
            required
            rules={[zodRule(shape.batchId)]}
            extra={`本机构维权中或已结案、有冻结金额的批次；已结案的批次须在结案后 ${BATCH_CLAIM_WINDOW_DAYS} 天内申请`}
          >
            <Select
              showSearch
              optionFilterProp="label"
              loading={batches.isLoading}
              placeholder="请选择"
              notFoundContent="没有可报销的批次"
              options={[
                ...(batches.data ?? []).map((b) => ({
                  value: b.id,
                  label: `${b.batchNo} ${b.batchName}（可报销 ${formatMoney(b.available)} 元${b.deadline ? `，${ClaimWindowMsg.deadlineLabel} ${b.deadline}` : ''}）`,
                })),
                // the batch of a claim being edited stays choosable even if nothing is left on it
                ...(claim && !batches.data?.some((b) => b.id === claim.batchId)
                  ? [{ value: claim.batchId, label: `${claim.batchNo} ${claim.batchName}` }]
                  : []),
              ]}
            />
          </GridItem>
          <GridItem name="expenseType" label="费用类型" required rules={[zodRule(shape.expenseType)]}>
            <DictSelect code={ClaimDict.expenseType} />
          </GridItem>
          <GridItem name="applyAmount" label="申请金额（元）" required rules={[zodRule(shape.applyAmount)]} extra="不超过发票金额合计">
            <MoneyInput placeholder="如 3000.00" />
          </GridItem>
          <GridItem name="deductions" label="扣减项（元）" rules={[zodRule(shape.deductions)]} extra="已获保险理赔或和解赔偿的金额，没有可不填">
            <MoneyInput placeholder="0.00" />
          </GridItem>
          <GridItem name="bankAccountId" label="收款账户" required rules={[zodRule(shape.bankAccountId)]} extra="本机构已审核通过的银行账户">
            <Select
              loading={banks.isLoading}
              placeholder="请选择"
              notFoundContent="没有已审核通过的银行账户"
              options={(banks.data ?? []).map((b) => ({ value: b.id, label: b.label }))}
            />
          </GridItem>
          <GridItem name="deductionNote" label="扣减说明" rules={[zodRule(shape.deductionNote)]}>
            <Input maxLength={500} />
          </GridItem>
          <GridItem width="full" name="description" label="费用说明" rules={[zodRule(shape.description)]}>
            <Input.TextArea rows={2} maxLength={2000} />
          </GridItem>
        </GridRow>
      </Form>
      <Typography.Text strong>发票</Typography.Text>
      <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
        发票金额合计 {formatMoney(total)} 元
      </Typography.Text>
      <EditableTable ref={table} columns={INVOICE_COLUMNS} dataSource={initialRows} rowNumber rowSelection="checkbox" toolbar height={260} onChange={setRows} />
      {tableError && (
        <Typography.Text type="danger" className="claim-invoices-error">
          {tableError}
        </Typography.Text>
      )}
    </FormModal>
  );
}
