import { AuditStatus, type BatchRecord } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useDebouncedKeyword } from '../../../components/form/useDebouncedKeyword.ts';
import { unwrap } from '../../../platform/result.ts';
import { formatMoney } from '../../finance/pool/pool.api.ts';
import { batchApi } from './batch.api.ts';
import { rightApi } from '../right/right.api.ts';

type Option = { value: string; label: string; disabled?: boolean };
const PAGE = 50;

type RightSelectProps = { id?: string; value?: string[]; onChange?: (value: string[]) => void; record: BatchRecord | null };

/**
 * 涉及权利: the organisation's approved protected-rights records (the list answers an organisation
 * only its own). An expired mark or authorisation blocks a batch (DOMAIN.md), so those are shown
 * but cannot be picked; the rights already chosen keep their names from the batch.
 */
export function EligibleRightSelect({ id, value, onChange, record }: RightSelectProps) {
  const { typed, setTyped, keyword } = useDebouncedKeyword();
  const found = useQuery({
    queryKey: ['rights', 'batch', 'right-options', keyword],
    queryFn: async ({ signal }): Promise<Option[]> => {
      const page = unwrap(await rightApi.list({ pageNo: 1, pageSize: PAGE, auditStatus: AuditStatus.approved, ...(keyword ? { trademarkName: `*${keyword}*` } : {}) }, signal));
      return page.records.map((r) => {
        const blocked = r.expired ? '已过期' : r.authExpired ? '授权过期' : null;
        return { value: r.id, label: `${r.trademarkName}（第${r.niceClass}类 ${r.regNo}）${blocked ? ` · ${blocked}` : ''}`, disabled: Boolean(blocked) };
      });
    },
    staleTime: 30_000,
  });
  const chosenIds = record?.rightIds ? record.rightIds.split(',') : [];
  const chosenNames = record?.rightNames ? record.rightNames.split('、') : [];
  const known = chosenIds.length === chosenNames.length ? chosenIds.map((rid, i) => ({ value: rid, label: chosenNames[i] })) : [];
  const options = [...(found.data ?? [])];
  for (const option of known) if (!options.some((o) => o.value === option.value)) options.push(option);
  return (
    <Select<string[]>
      id={id}
      mode="multiple"
      allowClear
      value={value}
      onChange={(next) => onChange?.(next)}
      placeholder="请选择本机构已审核通过的受保护权利（可输入商标名称搜索）"
      loading={found.isFetching}
      options={options}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      notFoundContent={found.isFetching ? '加载中…' : '没有可选的受保护权利（须为本机构已审核通过、未过期的记录）'}
      maxCount={20}
    />
  );
}

type PoolSelectProps = { id?: string; value?: string; onChange?: (value: string | undefined) => void; record: BatchRecord | null };

/** 资金池: the pools open to applications, with the 单件补贴标准 and 单机构上限 that decide 申请金额. */
export function ActivePoolSelect({ id, value, onChange, record }: PoolSelectProps) {
  const pools = useQuery({
    queryKey: ['rights', 'batch', 'pool-options'],
    queryFn: async ({ signal }): Promise<Option[]> =>
      (await batchApi.poolOptions(signal)).map((p) => ({
        value: p.id,
        label: `${p.poolName}（单件补贴 ${formatMoney(p.subsidyPerCase)} 元${p.orgCap ? `，单机构上限 ${formatMoney(p.orgCap)} 元` : ''}）`,
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
      notFoundContent={pools.isFetching ? '加载中…' : '没有启用的资金池'}
    />
  );
}
