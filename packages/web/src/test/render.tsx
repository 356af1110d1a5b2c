import { StorageKey, type AuthItem, type LoginResult } from '@sbwq/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { bindFeedback, type Feedback } from '../platform/feedback.ts';
import { clearLocalSession, startSession } from '../platform/session.ts';
import { session } from '../platform/storage.ts';
import { adminInfo } from './fakeServer.ts';

/** Renders inside what the app wraps every screen in: antd's App and a query client that does not retry. */
export function renderInApp(children: ReactNode) {
  return render(
    <AntApp>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>
    </AntApp>,
  );
}

/** A screen rendered at its route. */
export const renderAt = (path: string, screen: ReactNode) => renderInApp(<MemoryRouter initialEntries={[path]}>{screen}</MemoryRouter>);

/** Signs in as admin before each test, shows feedback through `ui`, and undoes both after it. */
export function signedInEach(ui: unknown) {
  beforeEach(() => {
    localStorage.clear();
    clearLocalSession();
    startSession({ token: 'tok-1', userInfo: adminInfo, departs: [], multi_depart: 1, sysAllDictItems: {} } as unknown as LoginResult, 'admin');
    bindFeedback(ui as Feedback);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
    bindFeedback(null);
  });
}

/** Grants these permission codes as the permission load stores them: the user's own list and the system's, all enabled. */
export function grantCodes(codes: readonly string[]) {
  const items = codes.map((action): AuthItem => ({ action, type: '1', describe: action }));
  session.set(StorageKey.userAuth, items);
  session.set(
    StorageKey.sysAuth,
    items.map((item) => ({ ...item, status: '1' })),
  );
}

/** Grants `codes` before each test with no feedback bound; after it, unmounts and clears the storages and stubbed globals. */
export function grantedEach(codes: readonly string[]) {
  beforeEach(() => {
    bindFeedback(null);
    grantCodes(codes);
  });
  afterEach(() => {
    cleanup();
    sessionStorage.clear();
    localStorage.clear();
    vi.unstubAllGlobals();
  });
}
