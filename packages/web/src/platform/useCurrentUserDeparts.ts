import { useQuery } from '@tanstack/react-query';
import { getCurrentUserDeparts, type CurrentUserDeparts } from './auth.api.ts';

export const currentUserDepartsKey = ['sys', 'user', 'currentUserDeparts'] as const;

/** spec §7 GET /sys/user/getCurrentUserDeparts; a business failure (success false) throws its message. */
export async function fetchCurrentUserDeparts({ signal }: { signal?: AbortSignal } = {}): Promise<CurrentUserDeparts> {
  const answer = await getCurrentUserDeparts(signal);
  if (!answer.success) throw new Error(answer.message);
  return { list: answer.result?.list ?? [], orgCode: answer.result?.orgCode ?? null };
}

/** The user's departments and the current one. */
export function useCurrentUserDeparts() {
  return useQuery({ queryKey: currentUserDepartsKey, queryFn: fetchCurrentUserDeparts });
}
