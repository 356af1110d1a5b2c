import { StorageKey, type MenuNode } from '@sbwq/contracts';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useSession } from '../../platform/session.ts';
import { session } from '../../platform/storage.ts';
import { Access } from './Access.tsx';

const menu = (permissionList?: MenuNode['meta']['permissionList']): MenuNode[] => [
  {
    id: 'm1',
    route: '1',
    path: '/isystem/user',
    name: 'isystem-user',
    component: 'system/UserList',
    meta: { keepAlive: false, internalOrExternal: false, title: '用户管理', permissionList },
  },
];

function page(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <Access code="system:user:add" fallback={<span>无权限</span>}>
            <button type="button">新增</button>
          </Access>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  useSession.setState({ menu: null });
});

describe('<Access> (spec §6)', () => {
  it('reads the session lists the permission load stored', () => {
    session.set(StorageKey.userAuth, [{ action: 'system:user:list', type: '1', describe: '' }]);
    session.set(StorageKey.sysAuth, [{ action: 'system:user:add', type: '1', describe: '', status: '1' }]);
    page('/isystem/user');
    expect(screen.getByText('无权限')).toBeTruthy();
    cleanup();
    session.set(StorageKey.userAuth, [{ action: 'system:user:add', type: '1', describe: '' }]);
    page('/isystem/user');
    expect(screen.getByRole('button', { name: '新增' })).toBeTruthy();
  });

  it('§6 a type "2" entry in the current route\'s permissionList allows the button', () => {
    session.set(StorageKey.userAuth, [{ action: 'system:user:list', type: '1', describe: '' }]);
    session.set(StorageKey.sysAuth, [{ action: 'system:user:add', type: '1', describe: '', status: '1' }]);
    act(() => useSession.setState({ menu: menu([{ action: 'system:user:add', type: '2', describe: '添加' }]) }));
    page('/isystem/user');
    expect(screen.getByRole('button', { name: '新增' })).toBeTruthy();
    cleanup();
    // the entry belongs to that route only
    page('/isystem/role');
    expect(screen.getByText('无权限')).toBeTruthy();
  });
});
