import { act, renderHook } from '@testing-library/react';
import { theme as antdTheme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { themeFor } from './theme.ts';
import { useReducedMotion } from './useReducedMotion.ts';

/** A matchMedia whose reduced-motion answer the test sets and changes. */
function fakeMedia(initial: boolean) {
  let matches = initial;
  const listeners = new Set<() => void>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        media: query,
        get matches() {
          return query === '(prefers-reduced-motion: reduce)' && matches;
        },
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return (next: boolean) => {
    matches = next;
    for (const listener of listeners) listener();
  };
}

describe('reduced motion (accessibility): antd animates nothing when the system asks for less motion', () => {
  afterEach(() => vi.restoreAllMocks());

  it('follows the system setting, also when it changes while the app is open', () => {
    const change = fakeMedia(false);
    const { result } = renderHook(() => useReducedMotion());
    expect(result.current).toBe(false);
    act(() => change(true));
    expect(result.current).toBe(true);
  });

  it('the theme turns antd motion off, and its animation durations become 0s', () => {
    expect(themeFor('#1890FF').token?.motion).toBe(true);
    const reduced = themeFor('#1890FF', false);
    expect(reduced.token).toMatchObject({ colorPrimary: '#1890FF', motion: false });
    const token = antdTheme.getDesignToken(reduced);
    expect([token.motionDurationFast, token.motionDurationMid, token.motionDurationSlow]).toEqual(['0s', '0s', '0s']);
  });
});
