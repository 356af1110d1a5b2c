import styles from './IframePage.module.css';

/** An internal menu link (JeecgBoot IframePageView): the address shown in a frame inside the layout. */
export function IframePage({ url, title }: { url: string; title?: string }) {
  return (
    <div className={styles.frame}>
      <iframe src={url} title={title || url} className={styles.iframe} />
    </div>
  );
}
