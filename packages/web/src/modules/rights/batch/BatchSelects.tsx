import type { BatchRecord } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select, Space } from 'antd';
import { useState } from 'react';
import { JPopup } from '../../../components/popup/JPopup.tsx';
import { formatMoney } from '../../../platform/format.ts';
import { batchApi } from './batch.api.ts';

type Option = { value: string; label: string };

/** The rights already chosen keep their names from the batch, should one no longer be offered. */
function chosenRights(record: BatchRecord | null): Option[] {
  const ids = record?.rightIds ? record.rightIds.split(',') : [];
  const names = record?.rightNames ? record.rightNames.split('、') : [];
  return ids.length === names.length ? ids.map((id, i) => ({ value: id, label: names[i] })) : [];
}

type RightSelectProps = { id?: string; value?: string[]; onChange?: (value: string[]) => void; record: BatchRecord | null };

/**
 * 涉及权利: the organisation's rights a batch may name, as the server offers them (approved, neither
 * expired nor out of authorisation: DOMAIN.md "an expired mark or authorisation blocks new clue batches").
 */
export function EligibleRightSelect({ id, value, onChange, record }: RightSelectProps) {
  const found = useQuery({
    queryKey: ['rights', 'batch', 'right-options'],
    queryFn: async ({ signal }): Promise<Option[]> => (await batchApi.rightOptions(signal)).map((r) => ({ value: r.id, label: r.label })),
    staleTime: 30_000,
  });
  const [picked, setPicked] = useState<Option[]>([]);
  const options = [...(found.data ?? [])];
  for (const option of [...chosenRights(record), ...picked]) if (!options.some((o) => o.value === option.value)) options.push(option);
  // the dialog opens with the chosen rights ticked; what is left ticked there is the choice
  const handlePick = (_values: Record<string, string>, rows: Record<string, unknown>[], keys: string[]) => {
    const chosen = rows.map((r) => ({ value: String(r.id), label: String(r.trademark_name) }));
    setPicked((old) => [...old, ...chosen]);
    onChange?.(keys);
  };
  return (
    <Space.Compact block>
      <Select<string[]>
        id={id}
        mode="multiple"
        allowClear
        value={value}
        onChange={(next) => onChange?.(next)}
        placeholder="请选择本机构已审核通过的受保护权利（可输入商标名称搜索）"
        loading={found.isFetching}
        options={options}
        showSearch={{ optionFilterProp: 'label' }}
        notFoundContent={found.isFetching ? '加载中…' : '没有可选的受保护权利（须为本机构已审核通过、未过期的记录）'}
        maxCount={20}
      />
      {/* JPopup over the 选择受保护权利 report: search by 商标名称 / 注册号, pick several at once */}
      <JPopup
        code="pick_my_right"
        orgFields="id,trademark_name"
        destFields="rightIds,rightNames"
        multi
        groupId="batch-form"
        title="选择受保护权利"
        button="选择"
        selected={value ?? []}
        onPick={handlePick}
      />
    </Space.Compact>
  );
}

type PoolSelectProps = { id?: string; value?: string; onChange?: (value: string | undefined) => void; record: BatchRecord | null };

/** 资金池: the pools open to applications, with the 单件补贴标准 and what the organisation may still draw, which decide 申请金额. */
export function ActivePoolSelect({ id, value, onChange, record }: PoolSelectProps) {
  const pools = useQuery({
    queryKey: ['rights', 'batch', 'pool-options'],
    queryFn: async ({ signal }): Promise<Option[]> =>
      (await batchApi.poolOptions(signal)).map((p) => ({
        value: p.id,
        label: `${p.poolName}（单件补贴 ${formatMoney(p.subsidyPerCase)} 元${p.capLeft === null ? '' : `，本机构尚可申请 ${formatMoney(p.capLeft)} 元`}）`,
      })),
    staleTime: 30_000,
  });
  const options = [...(pools.data ?? [])];
  if (record?.poolId && !options.some((o) => o.value === record.poolId)) options.push({ value: record.poolId, label: record.poolName ?? record.poolId });
  return (
    <Select<string>
      id={id}
      value={value}
      onChange={(next) => onChange?.(next ?? undefined)}
      placeholder="请选择资金池"
      loading={pools.isFetching}
      options={options}
      notFoundContent={pools.isFetching ? '加载中…' : '没有可申请的资金池'}
    />
  );
}
