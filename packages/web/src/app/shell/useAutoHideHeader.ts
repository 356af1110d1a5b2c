import { AUTO_HIDE_HEADER_SCROLL_PX, SCROLL_FLAG_RESET_MS } from '@sbwq/contracts';
import { useEffect, useState } from 'react';

/**
 * spec §4 "The header auto-hides after 100 px of scroll": scrolling down past 100 px hides the fixed
 * header, scrolling up (or back above 100 px) shows it. Scroll events are sampled: a flag is set on
 * the first one and cleared after 100 ms (spec §9), when the position is read.
 */
export function nextHeaderVisible(visible: boolean, previousTop: number, top: number): boolean {
  if (top <= AUTO_HIDE_HEADER_SCROLL_PX) return true;
  if (top < previousTop) return true;
  if (top > previousTop) return false;
  return visible;
}

export function useAutoHideHeader(enabled: boolean): boolean {
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    if (!enabled) return;
    const scrollTop = () => document.documentElement.scrollTop || document.body.scrollTop;
    let previousTop = scrollTop();
    let ticking = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const handleScroll = () => {
      if (ticking) return;
      ticking = true;
      timer = setTimeout(() => {
        const top = scrollTop();
        setVisible((current) => nextHeaderVisible(current, previousTop, top));
        previousTop = top;
        ticking = false;
      }, SCROLL_FLAG_RESET_MS);
    };
    window.addEventListener('scroll', handleScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', handleScroll);
      clearTimeout(timer);
      // Switched on again later, the header starts shown.
      setVisible(true);
    };
  }, [enabled]);

  return enabled ? visible : true;
}
