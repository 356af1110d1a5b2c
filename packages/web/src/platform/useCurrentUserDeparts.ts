import { useQuery } from '@tanstack/react-query';
import { getCurrentUserDeparts } from './auth.api.ts';

export const currentUserDepartsKey = ['sys', 'user', 'currentUserDeparts'] as const;

/** spec §7 GET /sys/user/getCurrentUserDeparts: the user's departments and the current one. */
export function useCurrentUserDeparts() {
  return useQuery({
    queryKey: currentUserDepartsKey,
    queryFn: async ({ signal }) => {
      const answer = await getCurrentUserDeparts(signal);
      if (!answer.success) throw new Error(answer.message);
      return answer.result;
    },
  });
}
