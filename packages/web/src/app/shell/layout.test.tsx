import { HOME_PATH } from '@sbwq/contracts';
import { describe, expect, it } from 'vitest';
import { crumbsFor } from './PageBreadcrumb.tsx';
import { nextHeaderVisible } from './useAutoHideHeader.ts';
import { deviceFor } from '../../platform/useDevice.ts';

describe('§4 device modes (§9 breakpoints 1087.99 px and 767.99 px)', () => {
  it.each([
    [375, 'mobile'],
    [767, 'mobile'],
    [768, 'mobile'],
    [1087, 'mobile'],
    [1087.99, 'mobile'],
    [1088, 'desktop'],
    [1440, 'desktop'],
  ])('%s px is %s', (width, device) => {
    expect(deviceFor(width)).toBe(device);
  });
});

describe('§2 breadcrumb', () => {
  it('starts with 首页 (/dashboard/analysis), then the matched route trail', () => {
    const trail = [
      { title: '系统管理', path: '/isystem' },
      { title: '用户管理', path: '/isystem/user' },
    ];
    expect(crumbsFor({ title: '用户管理', crumbs: trail }, '/isystem/user')).toEqual([{ title: '首页', path: HOME_PATH }, ...trail]);
  });

  it('the home page is 首页 alone; a route without a trail is its own title', () => {
    expect(crumbsFor({ title: '首页', crumbs: [{ title: '首页', path: HOME_PATH }] }, HOME_PATH)).toEqual([{ title: '首页', path: HOME_PATH }]);
    expect(crumbsFor({ title: '403' }, '/exception/403')).toEqual([
      { title: '首页', path: HOME_PATH },
      { title: '403', path: '/exception/403' },
    ]);
  });
});

describe('§4 the header auto-hides after 100 px of scroll', () => {
  it('scrolling down past 100 px hides it; scrolling up or back above 100 px shows it', () => {
    expect(nextHeaderVisible(true, 0, 100)).toBe(true);
    expect(nextHeaderVisible(true, 0, 101)).toBe(false);
    expect(nextHeaderVisible(false, 400, 300)).toBe(true);
    expect(nextHeaderVisible(false, 400, 50)).toBe(true);
    expect(nextHeaderVisible(false, 400, 400)).toBe(false);
  });
});
