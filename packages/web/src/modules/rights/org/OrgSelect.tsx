import { useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { unwrap } from '../../../platform/result.ts';
import { orgApi } from '../../core/org/org.api.ts';
import { useDebouncedKeyword } from '../../../components/form/useDebouncedKeyword.ts';

const PAGE = 50;

type OrgSelectProps = Omit<SelectProps<string>, 'options' | 'onSearch' | 'showSearch'> & { value?: string; onChange?: (value: string | undefined) => void };

/** An organisation picked by name (the association's staff filter lists by organisation). */
export function OrgSelect({ value, onChange, placeholder = '请选择机构', ...rest }: OrgSelectProps) {
  const { typed, setTyped, keyword } = useDebouncedKeyword();
  const found = useQuery({
    queryKey: ['rights', 'org', 'options', keyword],
    queryFn: ({ signal }) =>
      orgApi.list({ pageNo: 1, pageSize: PAGE, column: 'orgName', order: 'asc', ...(keyword ? { orgName: `*${keyword}*` } : {}) }, signal).then(unwrap),
    staleTime: 60_000,
  });
  return (
    <Select<string>
      allowClear
      {...rest}
      value={value}
      onChange={(next) => onChange?.(next ?? undefined)}
      placeholder={placeholder}
      loading={found.isFetching}
      showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
      onOpenChange={(open) => !open && setTyped('')}
      notFoundContent={keyword ? '没有查询到任何数据' : '请输入搜索内容'}
      options={(found.data?.records ?? []).map((org) => ({ value: org.id, label: org.orgName }))}
    />
  );
}
