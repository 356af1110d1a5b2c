import { HOME_PATH, Msg } from '@sbwq/contracts';
import { describe, expect, it } from 'vitest';
import { closeLeft, closeOthers, closeRight, closeTab, refreshTab, visitTab, type Tab, type TabPage } from './tabs.rules.ts';

const home: TabPage = { key: HOME_PATH, title: '首页', keepAlive: false };
const page = (key: string, keepAlive = false): TabPage => ({ key, title: key.slice(1), keepAlive });
const tab = (key: string): Tab => ({ ...page(key), version: 0 });
const keys = (tabs: Tab[]) => tabs.map((t) => t.key);

const open = (...paths: string[]) => paths.reduce<Tab[]>((tabs, path) => visitTab(tabs, path === HOME_PATH ? home : page(path), true, home), []);

describe('§2 tabs: one tab per visited page', () => {
  it('a fresh list starts with the home tab, then the page; each page is added once, in visiting order', () => {
    const tabs = open('/a', '/b', '/a', '/c?x=1');
    expect(keys(tabs)).toEqual([HOME_PATH, '/a', '/b', '/c?x=1']);
  });

  it('the home tab always goes first, also when it comes back', () => {
    const tabs = visitTab([tab('/a')], home, true, home);
    expect(keys(tabs)).toEqual([HOME_PATH, '/a']);
  });

  it('without tabs (single-page mode, mobile) the list is the current page alone', () => {
    const tabs = visitTab(open('/a', '/b'), page('/c'), false, home);
    expect(keys(tabs)).toEqual(['/c']);
    // and with tabs back on, it grows from there (JeecgBoot: no home tab until it is visited)
    expect(keys(visitTab(tabs, page('/d'), true, home))).toEqual(['/c', '/d']);
  });

  it('visiting an open tab changes nothing but its title or keepAlive', () => {
    const tabs = open('/a', '/b');
    expect(visitTab(tabs, page('/a'), true, home)).toBe(tabs);
    expect(visitTab(tabs, { ...page('/a'), title: '新' }, true, home)[1].title).toBe('新');
  });
});

describe('§2 tabs: closing', () => {
  it('§2 the home tab cannot be closed: 首页不能关闭!', () => {
    const tabs = open('/a');
    expect(closeTab(tabs, HOME_PATH, HOME_PATH)).toEqual({ tabs, activeKey: HOME_PATH, warning: Msg.homeTabNotClosable });
    expect(Msg.homeTabNotClosable).toBe('首页不能关闭!');
  });

  it('§2 the last remaining tab cannot be closed: 这是最后一页，不能再关闭了啦', () => {
    const tabs = [tab('/a')];
    expect(closeTab(tabs, '/a', '/a')).toEqual({ tabs, activeKey: '/a', warning: Msg.lastTabNotClosable });
    expect(Msg.lastTabNotClosable).toBe('这是最后一页，不能再关闭了啦');
  });

  it('closing the active tab activates its right neighbour, or the left one at the end', () => {
    const tabs = open('/a', '/b', '/c');
    expect(closeTab(tabs, '/b', '/b')).toMatchObject({ activeKey: '/c' });
    expect(keys(closeTab(tabs, '/b', '/b').tabs)).toEqual([HOME_PATH, '/a', '/c']);
    expect(closeTab(tabs, '/c', '/c')).toMatchObject({ activeKey: '/b' });
  });

  it('closing another tab keeps the active one', () => {
    expect(closeTab(open('/a', '/b', '/c'), '/a', '/c')).toMatchObject({ activeKey: '/c' });
  });
});

describe('§2 tabs: the right-click menu, §8 beyond the ends', () => {
  const tabs = open('/a', '/b', '/c', '/d');

  it('关闭左侧 closes the tabs left of it but the home tab', () => {
    const change = closeLeft(tabs, '/c', '/c');
    expect(keys(change.tabs)).toEqual([HOME_PATH, '/c', '/d']);
    expect(change.activeKey).toBe('/c');
  });

  it('关闭左侧 on a tab left of the active one shows that tab when the active one was closed', () => {
    expect(closeLeft(tabs, '/c', '/a')).toMatchObject({ activeKey: '/c' });
    expect(closeLeft(tabs, '/c', '/d')).toMatchObject({ activeKey: '/d' });
  });

  it('§8 moving beyond the first tab to the left is 未知的操作', () => {
    expect(closeLeft(tabs, HOME_PATH, HOME_PATH)).toEqual({ tabs, activeKey: HOME_PATH, warning: Msg.unknownOperation });
    // left of the second tab is only the home tab, which stays: nothing to do either
    expect(closeLeft(tabs, '/a', '/a').warning).toBe('未知的操作');
  });

  it('关闭右侧 closes the tabs right of it', () => {
    const change = closeRight(tabs, '/b', '/d');
    expect(keys(change.tabs)).toEqual([HOME_PATH, '/a', '/b']);
    expect(change.activeKey).toBe('/b');
  });

  it('§8 moving beyond the last tab to the right is 已到最后~', () => {
    expect(closeRight(tabs, '/d', '/d')).toEqual({ tabs, activeKey: '/d', warning: Msg.alreadyLast });
    expect(Msg.alreadyLast).toBe('已到最后~');
  });

  it('关闭其他 keeps this tab and the home tab', () => {
    const change = closeOthers(tabs, '/c', '/a');
    expect(keys(change.tabs)).toEqual([HOME_PATH, '/c']);
    expect(change.activeKey).toBe('/c');
    expect(keys(closeOthers(tabs, HOME_PATH, HOME_PATH).tabs)).toEqual([HOME_PATH]);
  });

  it('刷新 bumps the version of that tab only (its page remounts)', () => {
    const refreshed = refreshTab(tabs, '/b');
    expect(refreshed.map((t) => t.version)).toEqual([0, 0, 1, 0, 0]);
  });
});
