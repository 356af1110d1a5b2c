import fs from 'node:fs';
import path from 'node:path';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { themeFor } from './theme.ts';

/**
 * Issue 35: the login page draws its form, fields, button and spinner in antd's look without antd's
 * configuration, from the theme's CSS variables — which only exist once antd's configuration has loaded
 * (another theme than the default one, a dialog, the signed-in shell). Until then each falls back to the
 * value written beside it, which must be the default theme's, or the page looks (and contrasts) otherwise.
 */
const SRC = import.meta.dirname ? path.resolve(import.meta.dirname, '..') : '';
const FIRST_LOAD_CSS = [
  'modules/user/login/Login.module.css',
  'modules/user/login/PlainInput.module.css',
  'components/primary-button/PrimaryButton.module.css',
  'components/spinner/Spinner.module.css',
  'app/feedback/FeedbackFrame.module.css',
  'app/RouteError.module.css',
];

/** Every `var(--ant-name, fallback)` of a style sheet, a fallback that is itself a var() left out. */
function fallbacks(css: string): { name: string; fallback: string }[] {
  const found: { name: string; fallback: string }[] = [];
  for (const match of css.matchAll(/var\(\s*--ant-([a-z0-9-]+)\s*,/g)) {
    let depth = 1;
    let end = match.index + match[0].length;
    for (; end < css.length && depth > 0; end += 1) {
      if (css[end] === '(') depth += 1;
      if (css[end] === ')') depth -= 1;
    }
    const fallback = css.slice(match.index + match[0].length, end - 1).trim();
    if (!fallback.includes('var(')) found.push({ name: match[1]!, fallback });
  }
  return found;
}

const camel = (name: string) =>
  name
    .replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase())
    .replace(/Xxs$/, 'XXS')
    .replace(/Lg$/, 'LG')
    .replace(/Sm$/, 'SM');
const UNITLESS = new Set(['lineHeight', 'lineHeightLG', 'lineHeightSM', 'opacityLoading']);
const normal = (value: string) =>
  value
    .replace(/\s+/g, '')
    .replace(/'/g, '"')
    .toLowerCase()
    .replace(/^#fff$/, '#ffffff');

describe('the login page’s plain elements fall back to the default theme (issue 35)', () => {
  const token = theme.getDesignToken(themeFor()) as unknown as Record<string, string | number>;

  it.each(FIRST_LOAD_CSS)('%s', (file) => {
    const css = fs.readFileSync(path.join(SRC, file), 'utf8');
    expect(fallbacks(css).length).toBeGreaterThan(0);
    const wrong = fallbacks(css).flatMap(({ name, fallback }) => {
      const value = token[camel(name)];
      if (value === undefined) return [`--ant-${name}: no such token`];
      const expected = typeof value === 'number' && !UNITLESS.has(camel(name)) ? `${value}px` : String(value);
      return normal(fallback) === normal(expected) ? [] : [`--ant-${name}: ${fallback}, the theme's ${expected}`];
    });
    expect(wrong).toEqual([]);
  });
});
