import { MOBILE_BREAKPOINT } from '@sbwq/contracts';
import { useSyncExternalStore } from 'react';

/**
 * spec §4 "Device", §9 breakpoints: below 1088 px (max-width 1087.99px) the device is mobile, with the
 * sidebar closed: the menu is a drawer and there are no tabs; below 768 px (767.99px) it is mobile too,
 * and the header and content compact further (CSS media queries). Otherwise desktop, sidebar open.
 */
export type Device = 'desktop' | 'mobile';

export function deviceFor(width: number): Device {
  return width <= MOBILE_BREAKPOINT ? 'mobile' : 'desktop';
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useDevice(): Device {
  return useSyncExternalStore(
    subscribe,
    () => deviceFor(window.innerWidth),
    () => 'desktop',
  );
}
