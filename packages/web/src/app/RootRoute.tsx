import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from './PageLoading.tsx';
import { useDocumentTitle } from './useDocumentTitle.ts';

export function RootRoute() {
  useDocumentTitle();
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}
