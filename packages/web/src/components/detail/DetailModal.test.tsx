import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DETAIL_MODAL_WIDTH, DetailModal, detailColumns } from './DetailModal.tsx';

afterEach(cleanup);

describe('DetailModal', () => {
  it('§9 detail list columns: 3 by default, 4 at most', () => {
    expect(detailColumns(undefined)).toBe(3);
    expect(detailColumns(6)).toBe(4);
    expect(detailColumns(2)).toBe(2);
    expect(detailColumns(0)).toBe(1);
  });

  it('§9 detail modal width 1200; empty values show as -', () => {
    render(
      <DetailModal
        open
        record={{ name: '张三', phone: null }}
        items={[
          { label: '姓名', field: 'name' },
          { label: '电话', field: 'phone' },
        ]}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByText('张三')).toBeTruthy();
    expect(screen.getByText('-')).toBeTruthy();
    const modal = document.querySelector('.ant-modal') as HTMLElement;
    expect(modal.style.width).toBe(`${DETAIL_MODAL_WIDTH}px`);
  });
});
