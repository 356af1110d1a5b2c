import { NOTICE_POLL_MS, type ListByUserResult } from '@sbwq/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { HttpError } from '../../../platform/http.ts';
import { useSession } from '../../../platform/session.ts';
import { NOTICE_FEED_KEY, noticeApi } from '../../../components/notice/notice.api.ts';

/**
 * The bell's feed (listByUser): loaded at sign-in, polled every 6 s (spec §7, §9), reloaded on demand
 * (socket messages, a notice read). A failed load stops the polling for good, without a word (spec §4,
 * §8); reloads on demand still happen, as JeecgBoot's socket handler still reloads then.
 */
export function useNoticeFeed() {
  const token = useSession((state) => state.token);
  const queryClient = useQueryClient();
  const failed = useRef(false);

  useEffect(() => {
    failed.current = false;
  }, [token]);

  const query = useQuery<ListByUserResult>({
    queryKey: [...NOTICE_FEED_KEY, token],
    queryFn: async ({ signal }) => {
      try {
        return await noticeApi.listByUser(signal);
      } catch (error) {
        if (!(error instanceof HttpError && error.kind === 'aborted')) failed.current = true;
        throw error;
      }
    },
    enabled: Boolean(token),
    retry: false,
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchInterval: () => (failed.current ? false : NOTICE_POLL_MS),
    meta: { silent: true },
  });

  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey: NOTICE_FEED_KEY }), [queryClient]);
  return { data: query.data, loading: query.isPending && query.fetchStatus === 'fetching', reload };
}
