import type { MenuNode } from '@sbwq/contracts';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { externalUrlOf, menuItemsFrom, submenuKeysFor } from './menuItems.tsx';

const node = (id: string, path: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  id,
  route: '1',
  path,
  name: id,
  component: 'dashboard/Analysis',
  meta: { keepAlive: false, internalOrExternal: false, title: `T${id}` },
  ...extra,
});

const shape = (items: ReturnType<typeof menuItemsFrom>): unknown =>
  items.map((item) => {
    const { key, label, children } = item as { key: string; label: string; children?: ReturnType<typeof menuItemsFrom> };
    return children ? { key, label, children: shape(children) } : { key, label };
  });

describe('§2 menu', () => {
  it('shows non-hidden items; items with children become submenus', () => {
    const menu = [
      node('1', '/home'),
      node('2', '/hidden', { hidden: true }),
      node('3', '/sys', { component: 'layouts/RouteView', children: [node('4', '/sys/user'), node('5', '/sys/x', { hidden: true })] }),
    ];
    expect(shape(menuItemsFrom(menu))).toEqual([
      { key: '/home', label: 'T1' },
      { key: '/sys', label: 'T3', children: [{ key: '/sys/user', label: 'T4' }] },
    ]);
  });

  it('§3 a parent with no visible children is hidden; an alwaysShow parent is one entry', () => {
    const menu = [node('1', '/p', { children: [node('2', '/p/a', { hidden: true })] }), node('3', '/q', { alwaysShow: true, children: [node('4', '/q/a')] })];
    expect(shape(menuItemsFrom(menu))).toEqual([{ key: '/q', label: 'T3' }]);
  });

  it('§3 a menu icon is any icon the 菜单管理 picker offers (names in antd v3 or v4 spelling); an unknown name shows none', () => {
    const [trophy, bell, unknown] = menuItemsFrom([
      node('1', '/a', { meta: { keepAlive: false, internalOrExternal: false, title: 'a', icon: 'trophy' } }),
      node('2', '/b', { meta: { keepAlive: false, internalOrExternal: false, title: 'b', icon: 'BellOutlined' } }),
      node('3', '/c', { meta: { keepAlive: false, internalOrExternal: false, title: 'c', icon: 'no-such-icon' } }),
    ]) as { icon?: { props: { name: string } } }[];
    for (const [item, name] of [
      [trophy, 'trophy'],
      [bell, 'bell'],
    ] as const) {
      const { container } = render(<>{item!.icon}</>);
      expect(container.querySelector(`[aria-label="${name}"]`)).not.toBeNull();
    }
    expect(render(<>{unknown!.icon}</>).container.querySelector('[role="img"]')).toBeNull();
  });

  it('knows the submenus above a page and the external address of a link entry', () => {
    const menu = [node('3', '/sys', { children: [node('4', '/sys/user')] })];
    expect(submenuKeysFor(menu, '/sys/user')).toEqual(['/sys']);
    expect(submenuKeysFor(menu, '/nowhere')).toBeNull();
    const link = node('e', '/md5', { meta: { keepAlive: false, internalOrExternal: true, title: 'x', url: 'https://a.b/' } });
    expect(externalUrlOf(link)).toBe('https://a.b/');
    expect(externalUrlOf(menu[0])).toBeNull();
  });
});
