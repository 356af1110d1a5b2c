import { appConfig } from '../../platform/config.ts';
import styles from './GlobalFooter.module.css';

/** spec §1: copyright, organiser, contact phone, contact e-mail and the site registration number. */
export function GlobalFooter() {
  const { copyright, organiser, phone, email, icp } = appConfig().footer;
  const contacts = [organiser && `主办单位：${organiser}`, phone && `联系电话：${phone}`, email && `联系邮箱：${email}`].filter(Boolean);
  return (
    <footer className={styles.footer}>
      {copyright && <div className={styles.line}>{copyright}</div>}
      {contacts.length > 0 && (
        <div className={styles.line}>
          {contacts.map((item) => (
            <span key={item as string} className={styles.item}>
              {item}
            </span>
          ))}
        </div>
      )}
      {icp && (
        <div className={styles.line}>
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noopener noreferrer">
            {icp}
          </a>
        </div>
      )}
    </footer>
  );
}
