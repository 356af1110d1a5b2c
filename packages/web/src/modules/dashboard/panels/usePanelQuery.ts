import { useQuery, type QueryKey } from '@tanstack/react-query';

/** Dashboard data: refreshed whenever the page is shown again, a failure shown once by the http client. */
export function usePanelQuery<T>(key: QueryKey, fn: (signal: AbortSignal) => Promise<T>) {
  return useQuery({ queryKey: ['dashboard', ...key], queryFn: ({ signal }) => fn(signal), staleTime: 0, retry: false });
}
