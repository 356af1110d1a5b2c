import { PoolLogPerm, poolLogResource, type PoolLogRecord } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useMemo } from 'react';
import { ListPage } from '../../../components/list/ListPage.tsx';
import type { ListDefinition } from '../../../components/list/types.ts';
import { unwrap } from '../../../platform/result.ts';
import { POOL_LOG_LIST_KEY, poolApi, poolLogApi } from './pool.api.ts';
import { poolLogColumns } from './poolLog.columns.tsx';

/** The pools to filter by, newest first. */
function PoolSelect(props: { value?: string; onChange?: (value: string | undefined) => void }) {
  const pools = useQuery({ queryKey: ['finance-pool-options'], queryFn: async () => unwrap(await poolApi.list({ pageNo: 1, pageSize: 200 })).records });
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="请选择资金池"
      loading={pools.isLoading}
      options={(pools.data ?? []).map((p) => ({ value: p.id, label: `${p.poolCode} ${p.poolName}` }))}
      {...props}
    />
  );
}

/**
 * 资金池日志 (finance/CapitalPoolLogList): every movement of every pool, append-only — there is no
 * edit or delete; corrections are new 调整 rows booked from the pool screen.
 */
export function CapitalPoolLogList() {
  const definition = useMemo<ListDefinition<PoolLogRecord>>(
    () => ({
      key: POOL_LOG_LIST_KEY,
      entity: '资金池日志',
      permission: PoolLogPerm,
      codes: { export: PoolLogPerm.export },
      api: { list: poolLogApi.list, exportUrl: poolLogResource.basePath + '/exportXls', exportSelections: true },
      detail: false,
      search: [
        { name: 'poolId', label: '资金池', type: 'custom', input: <PoolSelect /> },
        { name: 'changeType', label: '变动类型', type: 'dict', dictCode: 'pool_change_type' },
        { name: 'createTime', label: '时间', type: 'dateRange' },
        { name: 'orgName', label: '机构', hidden: true },
        { name: 'bizNo', label: '关联业务', hidden: true },
      ],
      columns: poolLogColumns(true),
    }),
    [],
  );
  return <ListPage definition={definition} />;
}
