import { QueryCache, QueryClient } from '@tanstack/react-query';
import { showFailure } from '../platform/result.ts';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** the query handles its own failure without a word (the bell's feed: spec §8 "silently stops polling") */
      silent?: boolean;
    };
  }
}

/**
 * The app's query client. A load the server refuses is told here once, as the spec §8 notification
 * (`showFailure` leaves out HTTP failures, which the http client has shown), so no screen shows a
 * refused load as nothing at all and none tells it twice.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.silent) showFailure(error);
      },
    }),
    defaultOptions: {
      // The user has been told what went wrong; retrying would repeat the message.
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    },
  });
}

export const queryClient = createQueryClient();
