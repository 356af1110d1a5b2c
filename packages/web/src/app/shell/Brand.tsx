import { HOME_PATH, SYSTEM_TITLE } from '@sbwq/contracts';
import { Link } from 'react-router';
import styles from './Brand.module.css';
import { Logo } from './Logo.tsx';

/** Logo and system title, linking to the dashboard (spec §2 "The logo links to the dashboard"). */
export function Brand({ className }: { className?: string }) {
  return (
    <Link to={HOME_PATH} className={[styles.brand, className].filter(Boolean).join(' ')} aria-label={SYSTEM_TITLE}>
      <Logo size={28} />
      <span className={styles.title}>{SYSTEM_TITLE}</span>
    </Link>
  );
}
