import type { AuthItem } from '@sbwq/contracts';
import { describe, expect, it } from 'vitest';
import { buttonState, filterColumns, forbiddenColumns, hasButtonPermission } from './access.ts';

const entry = (action: string, type = '1', status?: string): AuthItem => ({ action, type, describe: action, ...(status ? { status } : {}) });

describe('§6 button permission', () => {
  const allAuth = [entry('user:add', '1', '1'), entry('user:edit', '1', '1'), entry('user:delete', '1', '0')];

  it('§6 a type "2" entry of the route permission list allows the action, whatever the session lists say', () => {
    const lists = { auth: [entry('user:edit')], allAuth, routePermissions: [entry('user:add', '2')] };
    expect(hasButtonPermission('user:add', lists)).toBe(true);
    // an entry of another type in the route list is no such grant
    expect(hasButtonPermission('user:add', { ...lists, routePermissions: [entry('user:add', '1')] })).toBe(false);
  });

  it('§6 a disabled system entry (status "0") denies, even when the user holds the action', () => {
    expect(hasButtonPermission('user:delete', { auth: [entry('user:delete')], allAuth })).toBe(false);
  });

  it("§6 with no route-local entries, the user's enabled entry allows; a user holding no button sees none (as the server refuses them)", () => {
    expect(hasButtonPermission('user:add', { auth: [entry('user:add')], allAuth })).toBe(true);
    expect(hasButtonPermission('user:add', { auth: [], allAuth })).toBe(false);
    expect(hasButtonPermission('user:unknown', { auth: [], allAuth })).toBe(false);
  });

  it('§6 authorisation strategy "2" (未授权时禁用): shown disabled to users lacking it; strategy "1" removes; a disabled row hides', () => {
    const all = [entry('user:add', '2', '1'), entry('user:edit', '1', '1'), entry('user:delete', '2', '0')];
    expect(buttonState('user:add', { auth: [], allAuth: all })).toBe('disabled');
    expect(buttonState('user:add', { auth: [entry('user:add', '2')], allAuth: all })).toBe('allowed');
    expect(buttonState('user:edit', { auth: [], allAuth: all })).toBe('hidden');
    expect(buttonState('user:delete', { auth: [entry('user:delete', '2')], allAuth: all })).toBe('hidden');
  });

  it('§6 a button guarded by an action is removed unless the user list contains the action', () => {
    const lists = { auth: [entry('user:edit')], allAuth };
    expect(hasButtonPermission('user:add', lists)).toBe(false);
    expect(hasButtonPermission('user:edit', lists)).toBe(true);
  });

  it('§3 an entry whose action is a comma list grants each of its codes', () => {
    const lists = { auth: [entry('user:add, user:edit')], allAuth: [entry('user:add,user:edit', '1', '1')] };
    expect(hasButtonPermission('user:add', lists)).toBe(true);
    expect(hasButtonPermission('user:edit', lists)).toBe(true);
    expect(hasButtonPermission('user:export', lists)).toBe(false);
  });
});

describe('§6 column permission (type "1")', () => {
  const allAuth = [
    entry('user:phone', '1', '1'),
    entry('user:email', '1', '1'),
    entry('user:workNo', '1', '0'),
    entry('user:sex', '2', '1'),
    entry('role:phone', '1', '1'),
  ];

  it('§6 forbids the enabled type "1" fields under the prefix that the user list lacks, prefix stripped', () => {
    expect(forbiddenColumns('user:', { auth: [entry('user:email')], allAuth })).toEqual(['phone']);
  });

  it('§6 columns whose field is forbidden are hidden', () => {
    const columns = [{ dataIndex: 'username' }, { dataIndex: 'phone' }, { key: 'email' }, { dataIndex: ['dept', 'name'] }];
    expect(filterColumns(columns, ['phone', 'email'])).toEqual([{ dataIndex: 'username' }, { dataIndex: ['dept', 'name'] }]);
    expect(filterColumns(columns, [])).toBe(columns);
  });
});
