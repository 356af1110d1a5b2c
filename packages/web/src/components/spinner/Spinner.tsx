import styles from './Spinner.module.css';

/**
 * antd's Spin (its four turning dots, in the primary colour) without antd: the first load shows it
 * while a page's code comes (the route's fallback, single sign-on's wait), before antd's theme is there.
 */
export function Spinner({ size = 'default' }: { size?: 'default' | 'large' }) {
  return (
    <div className={size === 'large' ? `${styles.spin} ${styles.large}` : styles.spin} aria-live="polite" aria-busy="true">
      <span className={styles.dot}>
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}
