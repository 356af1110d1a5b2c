import type { OrgStatusInfo } from '@sbwq/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ORG_MINE_KEY, ORG_STATUS_KEY, orgApi } from './org.api.ts';

/** While a reviewer has the application, the page looks again now and then so the user sees the decision. */
const WAITING_POLL_MS = 30_000;
const waiting = (status: OrgStatusInfo | undefined) => status?.nextStep === 'waitEnrol' || status?.nextStep === 'waitCertify';

/** Where the caller's organisation stands (`GET /rights/org/status`): next step, opinion, allowed. */
export function useOrgStatus() {
  return useQuery({
    queryKey: ORG_STATUS_KEY,
    queryFn: ({ signal }) => orgApi.status(signal),
    staleTime: 0,
    refetchInterval: (query) => (waiting(query.state.data) ? WAITING_POLL_MS : false),
  });
}

/** The caller's own application (`GET /rights/org/mine`); staff have none to ask for. */
export function useMyOrg(enabled: boolean) {
  return useQuery({ queryKey: ORG_MINE_KEY, queryFn: ({ signal }) => orgApi.mine(signal), enabled, staleTime: 0 });
}

/** After a save or submission: both answers are stale. */
export function useRefreshOrg() {
  const client = useQueryClient();
  return useCallback(async () => {
    await Promise.all([client.invalidateQueries({ queryKey: ORG_STATUS_KEY }), client.invalidateQueries({ queryKey: ORG_MINE_KEY })]);
  }, [client]);
}
