import EyeInvisibleOutlined from '@ant-design/icons/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import styles from './PlainInput.module.css';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix' | 'size' | 'type'> & {
  ref?: Ref<HTMLInputElement>;
  /** the icon before the text */
  prefix?: ReactNode;
  /** marked in the error colour (the field's words below say why) */
  invalid?: boolean;
  /** a password, with antd's 显示 / 隐藏 toggle after it */
  password?: boolean;
};

/**
 * antd's large outlined Input (and Password) without antd (issue 35): the login form's fields, drawn
 * from the theme's CSS variables with the default theme's values as fallbacks. The same markup for
 * assistive technology as antd's: a labelled input, and the password's toggle a button 显示 / 隐藏 that
 * keeps the focus in the field.
 */
export function PlainInput({ ref, prefix, invalid = false, password = false, className, ...input }: Props) {
  const [visible, setVisible] = useState(false);
  const Eye = visible ? EyeOutlined : EyeInvisibleOutlined;
  const toggle = () => setVisible((shown) => !shown);
  return (
    <span className={[styles.wrapper, invalid && styles.invalid, className].filter(Boolean).join(' ')}>
      {prefix && <span className={styles.prefix}>{prefix}</span>}
      <input {...input} ref={ref} type={password && !visible ? 'password' : 'text'} className={styles.input} aria-invalid={invalid || undefined} />
      {password && (
        <span className={styles.suffix}>
          <span
            role="button"
            tabIndex={0}
            className={styles.eye}
            aria-pressed={visible}
            aria-label={visible ? '隐藏' : '显示'}
            // the field keeps the focus and its caret
            onMouseDown={(event) => event.preventDefault()}
            onMouseUp={(event) => event.preventDefault()}
            onClick={toggle}
            onKeyDown={(event) => {
              if (event.key !== 'Enter' && event.key !== ' ') return;
              event.preventDefault();
              if (!event.repeat) toggle();
            }}
          >
            <Eye />
          </span>
        </span>
      )}
    </span>
  );
}
