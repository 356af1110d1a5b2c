import svgCaptcha from 'svg-captcha';
import { vi } from 'vitest';

let last: string | null = null;

/**
 * The answer of the image captcha the app drew last, as the person reading the image would type it. The
 * database keeps only a keyed hash of it, so a test reads it where it is drawn (svg-captcha's `create`).
 */
export function lastCaptchaAnswer(): string {
  if (!last) throw new Error('no captcha drawn since watchCaptchas()');
  return last;
}

/** Starts noting the captchas the app draws; called by each test file that needs them (Vitest may restore spies between files). */
export function watchCaptchas(): void {
  if (vi.isMockFunction(svgCaptcha.create)) return;
  const create = svgCaptcha.create.bind(svgCaptcha);
  vi.spyOn(svgCaptcha, 'create').mockImplementation((options) => {
    const drawn = create(options);
    last = drawn.text;
    return drawn;
  });
}
