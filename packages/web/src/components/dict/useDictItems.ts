import type { DictModel } from '@sbwq/contracts';
import { useQuery } from '@tanstack/react-query';
import { readDictCache } from '../../platform/dictCache.ts';
import { http } from '../../platform/http.ts';
import { unwrap } from '../../platform/result.ts';

export function fetchDictItems(code: string, signal?: AbortSignal): Promise<DictModel[]> {
  return http.get<DictModel[]>(`/sys/dict/getDictItems/${encodeURIComponent(code)}`, undefined, { signal }).then(unwrap);
}

/**
 * A dictionary's items: from the cache the login filled (sysAllDictItems, 7 days), else from
 * GET /sys/dict/getDictItems/{code} (spec §7 "Dictionaries").
 */
export function useDictItems(code: string): { items: DictModel[]; loading: boolean } {
  const cached = readDictCache()[code];
  const query = useQuery({
    queryKey: ['dict', code],
    queryFn: ({ signal }) => fetchDictItems(code, signal),
    enabled: !cached && Boolean(code),
    staleTime: Infinity,
  });
  return { items: cached ?? query.data ?? [], loading: !cached && query.isLoading };
}

/** The text of one value (or each of a comma list of values), as JeecgBoot's `filterMultiDictText`. */
export function dictText(items: DictModel[], value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  return String(value)
    .split(',')
    .map((part) => items.find((item) => item.value === part)?.text ?? part)
    .join(',');
}
