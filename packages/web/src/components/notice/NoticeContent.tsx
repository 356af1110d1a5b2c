import styles from './NoticeModal.module.css';

export const NO_CONTENT_TEXT = '暂无内容';

/**
 * An announcement's body. The server keeps announcement HTML to an allow-list on save and again on
 * the way out (no scripts, event handlers, javascript: URLs or frames), so it is shown as it comes.
 */
export function NoticeContent({ html, fallback }: { html: string | null | undefined; fallback?: string | null }) {
  if (!html) return <p className={styles.empty}>{fallback || NO_CONTENT_TEXT}</p>;
  return <div className={styles.content} data-testid="notice-content" dangerouslySetInnerHTML={{ __html: html }} />;
}
