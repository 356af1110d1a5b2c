import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { allKeys, GrantTree, linkedCheckedKeys, type GrantNode } from './GrantTree.tsx';

const nodes: GrantNode[] = [
  {
    key: 'sys',
    slotTitle: '系统管理',
    children: [
      {
        key: 'user',
        slotTitle: '用户管理',
        children: [
          { key: 'user:add', slotTitle: '用户-添加' },
          { key: 'user:list', slotTitle: '用户-查询' },
        ],
      },
      { key: 'role', slotTitle: '角色管理' },
    ],
  },
];

let last: string[] = [];
function Harness({ initial }: { initial: string[] }) {
  const [checked, setChecked] = useState(initial);
  const handleChange = (keys: string[]) => {
    last = keys;
    setChecked(keys);
  };
  return <GrantTree nodes={nodes} checked={checked} onChange={handleChange} />;
}

const checkbox = (title: string) => screen.getByText(title).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox')!;

afterEach(cleanup);

describe('GrantTree (JeecgBoot role grant)', () => {
  it('parents and children are independent by default: a grant is exactly the keys checked', () => {
    render(<Harness initial={['user:add']} />);
    fireEvent.click(checkbox('系统管理'));
    expect(last.sort()).toEqual(['sys', 'user:add']);
  });

  it('父子关联: checking a button also grants its half-checked parents', () => {
    render(<Harness initial={[]} />);
    fireEvent.click(screen.getByRole('button', { name: '父子关联' }));
    fireEvent.click(checkbox('用户-添加'));
    expect(last.sort()).toEqual(['sys', 'user', 'user:add']);
  });

  it('全部勾选 and 取消全选', () => {
    render(<Harness initial={[]} />);
    fireEvent.click(screen.getByRole('button', { name: '全部勾选' }));
    expect(last.sort()).toEqual(allKeys(nodes).sort());
    fireEvent.click(screen.getByRole('button', { name: '取消全选' }));
    expect(last).toEqual([]);
  });

  it('a linked tree is given only keys whose whole subtree is granted, so no child is granted by display', () => {
    expect(linkedCheckedKeys(nodes, new Set(['sys', 'user', 'user:add'])).sort()).toEqual(['user:add']);
    expect(linkedCheckedKeys(nodes, new Set(['sys', 'user', 'user:add', 'user:list', 'role'])).sort()).toEqual([
      'role',
      'sys',
      'user',
      'user:add',
      'user:list',
    ]);
  });
});
