import { HOME_PATH, SYSTEM_TITLE } from '@sbwq/contracts';
import { Link } from 'react-router';
import styles from './Brand.module.css';
import { Logo } from './Logo.tsx';

type Props = { className?: string; collapsed?: boolean; compact?: boolean; theme?: 'dark' | 'light' };

/** Logo and system title, linking to the dashboard (spec §2 "The logo links to the dashboard"). */
export function Brand({ className, collapsed = false, compact = false, theme = 'light' }: Props) {
  const classes = [styles.brand, theme === 'dark' && styles.dark, compact && styles.compact, className].filter(Boolean).join(' ');
  return (
    <Link to={HOME_PATH} className={classes} aria-label={SYSTEM_TITLE}>
      <Logo size={28} />
      {!collapsed && <span className={styles.title}>{SYSTEM_TITLE}</span>}
    </Link>
  );
}
