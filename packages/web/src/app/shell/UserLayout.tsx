import { SYSTEM_TITLE } from '@sbwq/contracts';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../PageLoading.tsx';
import { GlobalFooter } from './GlobalFooter.tsx';
import { Logo } from './Logo.tsx';
import styles from './UserLayout.module.css';

/** spec §2 "User layout: title 商标维权服务系统 with the footer". */
export function UserLayout() {
  return (
    <div className={styles.page}>
      <main className={styles.main}>
        <header className={styles.header}>
          <Logo size={44} />
          <h1 className={styles.title}>{SYSTEM_TITLE}</h1>
        </header>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <GlobalFooter />
    </div>
  );
}
