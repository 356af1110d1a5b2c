import type { Page } from '@playwright/test';
import svgCaptchaModule from 'svg-captcha';
import { expect } from '@playwright/test';

const CAPTCHA = { size: 4, ignoreChars: '0oO1iIlLq9g', noise: 0, color: true, width: 105, height: 35, fontSize: 40 };
// The module is itself the function that draws a given text; its type declarations omit that call.
const drawCaptcha = svgCaptchaModule as unknown as (text: string, options: typeof CAPTCHA) => string;
const numbersOf = (d: string) => (d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);

/**
 * Reads an image captcha (a `data:image/svg+xml;base64,…` address) as a person would: each letter of
 * svg-captcha is its font's glyph at a fixed place, shaken by at most 0.1, so it is the candidate whose
 * drawing lies within 0.5 of it. (Proves nothing about the captcha's strength; it stands in for the person.)
 */
export function readCaptchaImage(src: string): string {
  const svg = Buffer.from(src.split(',')[1] ?? '', 'base64').toString('utf8');
  const letters = [...svg.matchAll(/<path fill="(?!none)[^"]*" d="([^"]+)"/g)].map((m) => numbersOf(m[1]));
  const presets = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefhjkmnprstuvwxyz2345678';
  const found: { x: number; ch: string }[] = [];
  for (const drawn of letters) {
    for (const ch of presets) {
      const reference = [...drawCaptcha(ch.repeat(4), CAPTCHA).matchAll(/ d="([^"]+)"/g)].map((m) => numbersOf(m[1]));
      if (reference.some((r) => r.length === drawn.length && r.every((n, i) => Math.abs(n - drawn[i]) < 0.5))) {
        found.push({ x: drawn[0], ch });
        break;
      }
    }
  }
  expect(found, 'every letter of the captcha read').toHaveLength(4);
  return found
    .sort((a, b) => a.x - b.x)
    .map((f) => f.ch)
    .join('');
}

/** The image captcha the page shows, read. */
export async function readCaptcha(page: Page, scope = page.locator('body')): Promise<string> {
  const image = scope.getByAltText('验证码图片');
  await expect(image).toBeVisible();
  return readCaptchaImage((await image.getAttribute('src')) ?? '');
}
