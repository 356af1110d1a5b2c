import type { ReactNode } from 'react';
import type { Captcha } from '../login/useCaptcha.ts';
import styles from './CaptchaRow.module.css';

/**
 * An input beside the image captcha (JEECG-API §2.1), which a click replaces with a new one: the
 * captcha of 找回密码, of 获取短信验证码 and of binding a third-party account. `children` is the
 * input's noStyle Form.Item; `large` beside a size="large" form's input.
 */
export function CaptchaRow({ captcha, large = false, children }: { captcha: Captcha; large?: boolean; children: ReactNode }) {
  return (
    <div className={styles.row}>
      {children}
      <button type="button" className={large ? `${styles.image} ${styles.large}` : styles.image} onClick={captcha.refresh} title="看不清？点击换一张">
        {captcha.image ? <img src={captcha.image} alt="验证码图片" /> : <span>加载中…</span>}
      </button>
    </div>
  );
}
