import { describe, expect, it } from 'vitest';
import { contrastRatio, darkenToContrast } from './contrast.ts';

describe('WCAG 2.1 contrast ratio', () => {
  it('matches the published values: black on white 21:1, #767676 on white 4.54:1, #1890FF on white 3.2:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#767676', '#FFFFFF')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#1890ff', '#ffffff')).toBeCloseTo(3.24, 2);
  });

  it('lays a translucent colour over its background first (antd greys are black at 45 %)', () => {
    expect(contrastRatio('rgba(0, 0, 0, 0.45)', '#ffffff')).toBeCloseTo(contrastRatio('#8c8c8c', '#ffffff'), 1);
    expect(contrastRatio('rgba(0, 0, 0, 0.45)', '#f5f5f5')).toBeLessThan(4.5);
  });

  it('darkens a colour just until it reaches the ratio on every background, keeping a colour that already does', () => {
    const shade = darkenToContrast('#1890FF', ['#ffffff', '#f5f5f5']);
    expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(shade, '#f5f5f5')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(shade, '#f5f5f5')).toBeLessThan(5.2);
    expect(darkenToContrast('#333333', ['#ffffff'])).toBe('#333333');
  });
});
