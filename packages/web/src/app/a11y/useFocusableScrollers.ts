import { useEffect } from 'react';

/** Where antd's tables scroll (the whole table, or the body under a fixed header). */
const SCROLLERS = '.ant-table-content, .ant-table-body';
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';
const MARK = 'data-focusable-scroller';

/**
 * WCAG 2.1.1: a region that scrolls must be reachable by keyboard, or its hidden part cannot be
 * read without a mouse. A table with links or checkboxes is (Tab scrolls to them); one of plain text
 * that overflows — an empty list under wide columns, a read-only log — gets a tab stop of its own,
 * and loses it again when it no longer scrolls or holds controls.
 */
export function markFocusableScrollers(root: ParentNode): void {
  for (const scroller of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
    const overflows = scroller.scrollWidth > scroller.clientWidth + 1 || scroller.scrollHeight > scroller.clientHeight + 1;
    const needs = overflows && !scroller.querySelector(FOCUSABLE);
    if (needs && !scroller.hasAttribute(MARK)) {
      scroller.setAttribute(MARK, '');
      scroller.tabIndex = 0;
      scroller.setAttribute('role', 'region');
      scroller.setAttribute('aria-label', '表格（可左右滚动）');
    } else if (!needs && scroller.hasAttribute(MARK)) {
      scroller.removeAttribute(MARK);
      scroller.removeAttribute('tabindex');
      scroller.removeAttribute('role');
      scroller.removeAttribute('aria-label');
    }
  }
}

/** Keeps `markFocusableScrollers` true of the page as it changes (once per frame at most). */
export function useFocusableScrollers(): void {
  useEffect(() => {
    let frame = 0;
    const schedule = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        markFocusableScrollers(document);
      });
    };
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', schedule);
      cancelAnimationFrame(frame);
    };
  }, []);
}
