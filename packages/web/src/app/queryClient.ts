import { QueryClient } from '@tanstack/react-query';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The http client already told the user what went wrong; retrying would repeat the message.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
  },
});
