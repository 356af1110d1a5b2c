import { OrgPerm } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useAccess } from '../../../components/access/useAccess.ts';
import { unwrap } from '../../../platform/result.ts';
import { bankApi } from '../bank/bank.api.ts';
import { orgApi } from '../../core/org/org.api.ts';
import { rightApi } from '../right/right.api.ts';
import { FileBiz, type FileBizType } from './fileInfo.api.ts';
import { useDebouncedKeyword } from '../../../components/form/useDebouncedKeyword.ts';

const PAGE = 20;

type Option = { value: string; label: string };

/**
 * Which records of a business type the user may pick: the lists answer only what the user may see
 * (staff everything, an organisation its own), so the picker offers nothing else. An organisation
 * user without 机构列表 picks only their own organisation.
 */
function useRecordOptions(bizType: FileBizType, keyword: string) {
  const { can } = useAccess();
  return useQuery({
    queryKey: ['rights', 'file-info', 'biz-options', bizType, keyword],
    queryFn: async ({ signal }): Promise<Option[]> => {
      const like = keyword ? `*${keyword}*` : undefined;
      if (bizType === FileBiz.right) {
        const page = unwrap(await rightApi.list({ pageNo: 1, pageSize: PAGE, ...(like ? { trademarkName: like } : {}) }, signal));
        return page.records.map((r) => ({ value: r.id, label: `${r.trademarkName}（注册号 ${r.regNo}）` }));
      }
      if (bizType === FileBiz.bank) {
        const page = unwrap(await bankApi.list({ pageNo: 1, pageSize: PAGE, ...(like ? { bankName: like } : {}) }, signal));
        return page.records.map((b) => ({ value: b.id, label: `${b.bankName} 尾号${b.accountNo.slice(-4)}（${b.accountName}）` }));
      }
      if (can(OrgPerm.list)) {
        const page = unwrap(await orgApi.list({ pageNo: 1, pageSize: PAGE, ...(like ? { orgName: like } : {}) }, signal));
        return page.records.map((o) => ({ value: o.id, label: o.orgName }));
      }
      const mine = await orgApi.mine(signal);
      return mine ? [{ value: mine.id, label: mine.orgName }] : [];
    },
    staleTime: 30_000,
  });
}

type BizRecordSelectProps = { bizType: FileBizType; value?: string; onChange?: (value: string | undefined) => void; id?: string };

/** A record of the chosen business type, found by name (商标名称, 机构名称, 开户银行). */
export function BizRecordSelect({ bizType, value, onChange, id }: BizRecordSelectProps) {
  const { typed, setTyped, keyword } = useDebouncedKeyword();
  const found = useRecordOptions(bizType, keyword);
  return (
    <Select<string>
      id={id}
      allowClear
      value={value}
      onChange={(next) => onChange?.(next ?? undefined)}
      placeholder="请选择业务记录（可输入名称搜索）"
      loading={found.isFetching}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      onOpenChange={(open) => !open && setTyped('')}
      notFoundContent={found.isFetching ? '加载中…' : '没有查询到任何数据'}
      options={found.data ?? []}
    />
  );
}
