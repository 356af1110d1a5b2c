import { describe, expect, it } from 'vitest';
import { markFocusableScrollers } from './useFocusableScrollers.ts';

function scroller(html: string, size: { scrollWidth: number; clientWidth: number }) {
  const root = document.createElement('div');
  root.innerHTML = `<div class="ant-table-content">${html}</div>`;
  const element = root.firstElementChild as HTMLElement;
  Object.defineProperty(element, 'scrollWidth', { configurable: true, get: () => size.scrollWidth });
  Object.defineProperty(element, 'clientWidth', { configurable: true, get: () => size.clientWidth });
  Object.defineProperty(element, 'scrollHeight', { configurable: true, get: () => 0 });
  Object.defineProperty(element, 'clientHeight', { configurable: true, get: () => 0 });
  return { root, element, size };
}

describe('WCAG 2.1.1 a table that scrolls can be scrolled by keyboard', () => {
  it('a table of plain text wider than its box gets a named tab stop, and loses it when it fits again', () => {
    const { root, element, size } = scroller('<table><tr><td>暂无数据</td></tr></table>', { scrollWidth: 1800, clientWidth: 1200 });
    markFocusableScrollers(root);
    expect(element.tabIndex).toBe(0);
    expect(element.getAttribute('role')).toBe('region');
    expect(element.getAttribute('aria-label')).toBe('表格（可左右滚动）');
    size.scrollWidth = 1200;
    markFocusableScrollers(root);
    expect(element.hasAttribute('tabindex')).toBe(false);
    expect(element.hasAttribute('role')).toBe(false);
  });

  it('a table that holds links is left alone (Tab reaches them and scrolls), as is one that fits', () => {
    const withLink = scroller('<table><tr><td><a href="/x">详情</a></td></tr></table>', { scrollWidth: 1800, clientWidth: 1200 });
    markFocusableScrollers(withLink.root);
    expect(withLink.element.hasAttribute('tabindex')).toBe(false);
    const fits = scroller('<table><tr><td>x</td></tr></table>', { scrollWidth: 1200, clientWidth: 1200 });
    markFocusableScrollers(fits.root);
    expect(fits.element.hasAttribute('tabindex')).toBe(false);
  });
});
