import type { ButtonHTMLAttributes } from 'react';
import styles from './PrimaryButton.module.css';

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled'> & { size?: 'middle' | 'large'; block?: boolean; loading?: boolean };

/**
 * A primary button in antd's look without antd's Button (some 11 KB gzip with its wave effect and compact
 * spacing): for what the first load shows — the login form, a screen whose code failed to load — where
 * every kilobyte is paid before anything else (issue 35). A loading button spins and ignores clicks.
 */
export function PrimaryButton({ size = 'middle', block = false, loading = false, className, children, onClick, type = 'button', ...rest }: Props) {
  const classes = [styles.button, size === 'large' && styles.large, block && styles.block, className].filter(Boolean).join(' ');
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      aria-disabled={loading || undefined}
      onClick={(event) => {
        if (loading) event.preventDefault();
        else onClick?.(event);
      }}
    >
      {loading && <span className={styles.spinner} aria-hidden />}
      {children}
    </button>
  );
}
