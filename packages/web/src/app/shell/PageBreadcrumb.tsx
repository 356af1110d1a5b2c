import { HOME_PATH } from '@sbwq/contracts';
import { Breadcrumb } from 'antd';
import { Link, useLocation, useMatches } from 'react-router';
import { handleOf } from '../useDocumentTitle.ts';
import type { Crumb } from '../routes/menuRoutes.ts';
import styles from './PageBreadcrumb.module.css';

export const HOME_CRUMB: Crumb = { title: '首页', path: HOME_PATH };

/** spec §2 "Breadcrumb: starts with Home (/dashboard/analysis), then matched routes. The last one is plain text." */
export function crumbsFor(handle: { title: string; crumbs?: Crumb[] } | null, pathname: string): Crumb[] {
  if (!handle) return [HOME_CRUMB];
  const trail = handle.crumbs?.length ? handle.crumbs : [{ title: handle.title, path: pathname }];
  return [HOME_CRUMB, ...trail.filter((crumb) => crumb.path !== HOME_PATH)];
}

/** Above each page unless its menu row says hiddenHeaderContent. */
export function PageBreadcrumb() {
  const handle = handleOf(useMatches());
  const { pathname } = useLocation();
  if (handle?.hiddenHeaderContent) return null;
  const crumbs = crumbsFor(handle, pathname);
  return (
    <nav className={styles.bar} aria-label="面包屑">
      <Breadcrumb
        items={crumbs.map((crumb, index) => ({
          key: `${crumb.path}#${index}`,
          title: index === crumbs.length - 1 ? <span aria-current="page">{crumb.title}</span> : <Link to={crumb.path}>{crumb.title}</Link>,
        }))}
      />
    </nav>
  );
}
