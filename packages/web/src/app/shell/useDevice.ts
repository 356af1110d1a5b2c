import { MOBILE_BREAKPOINT, SMALL_MOBILE_BREAKPOINT } from '@sbwq/contracts';
import { useSyncExternalStore } from 'react';

/**
 * spec §4 "Device": below 768 px the menu moves into a drawer (mobile); below 1088 px the sidebar
 * starts closed (tablet); otherwise desktop with the sidebar open.
 */
export type Device = 'desktop' | 'tablet' | 'mobile';

export function deviceFor(width: number): Device {
  if (width <= SMALL_MOBILE_BREAKPOINT) return 'mobile';
  if (width <= MOBILE_BREAKPOINT) return 'tablet';
  return 'desktop';
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
}

export function useDevice(): Device {
  return useSyncExternalStore(subscribe, () => deviceFor(window.innerWidth), () => 'desktop');
}
