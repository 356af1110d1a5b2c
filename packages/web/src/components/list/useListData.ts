import type { Page } from '@sbwq/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import type { Query } from '../../platform/http.ts';
import { unwrap } from '../../platform/result.ts';
import { DEFAULT_PAGE_SIZE } from './pagination.ts';
import type { ListDefinition, Sort } from './types.ts';

const DEFAULT_SORT: Sort = { column: 'createTime', order: 'desc' };

/** Refreshes every list with this definition key (e.g. after a drawer changed its rows). */
export function useReloadList(key: string): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: ['list', key] }), [queryClient, key]);
}

export type ListState = { pageNo: number; pageSize: number; sort: Sort | null; filters: Query };

/** Paging, sorting and filtering of a list, and its data through TanStack Query. */
export function useListData<T extends object, B>(definition: ListDefinition<T, B>, screenParams: Query = {}, initialFilters: Query = {}) {
  const [state, setState] = useState<ListState>(() => ({ pageNo: 1, pageSize: DEFAULT_PAGE_SIZE, sort: null, filters: initialFilters }));
  const reload = useReloadList(definition.key);

  const sort = state.sort ?? (definition.defaultSort === undefined ? DEFAULT_SORT : definition.defaultSort);
  /** the filter without paging: what 导出 exports */
  const filterParams = useMemo<Query>(() => ({ ...state.filters, ...screenParams }), [state.filters, screenParams]);
  const params = useMemo<Query>(
    () => ({ ...filterParams, ...(sort ? { column: sort.column, order: sort.order } : {}), pageNo: state.pageNo, pageSize: state.pageSize }),
    [filterParams, sort, state.pageNo, state.pageSize],
  );

  const query = useQuery<Page<T>>({
    queryKey: ['list', definition.key, params],
    queryFn: ({ signal }) => definition.api.list(params, signal).then(unwrap<Page<T>>),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  // A page emptied by deletes shows the one before it.
  const records = query.data?.records;
  if (records && records.length === 0 && state.pageNo > 1 && !query.isFetching) {
    setState((current) => ({ ...current, pageNo: current.pageNo - 1 }));
  }

  return {
    state,
    params,
    filterParams,
    records: records ?? [],
    total: query.data?.total ?? 0,
    loading: query.isFetching,
    reload,
    search: (filters: Query) => setState((current) => ({ ...current, filters, pageNo: 1 })),
    page: (pageNo: number, pageSize: number) => setState((current) => ({ ...current, pageNo: pageSize === current.pageSize ? pageNo : 1, pageSize })),
    sortBy: (next: Sort | null) => setState((current) => ({ ...current, sort: next, pageNo: 1 })),
  };
}
