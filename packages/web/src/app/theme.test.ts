import { DEFAULT_PRIMARY_COLOR } from '@sbwq/contracts';
import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from './a11y/contrast.ts';
import { colorList } from './shell/settings/changePrimaryColor.ts';
import { LAYOUT_BG, themeFor } from './theme.ts';

const AA = 4.5;
const WHITE = '#ffffff';
const PRESETS = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold'];
const tokens = (config: ReturnType<typeof themeFor>) => theme.getDesignToken(config) as unknown as Record<string, string>;
const base = theme.getDesignToken() as unknown as Record<string, string>;

/** Each check: [what, text colour, background]. */
function textOnBackgrounds(config: ReturnType<typeof themeFor>): [string, string, string][] {
  const t = tokens(config);
  const tag = config.components?.Tag as Record<string, string>;
  return [
    ['link on white', t.colorLink, WHITE],
    ['link on the layout background', t.colorLink, LAYOUT_BG],
    ['link in a selected table row', t.colorLink, t.colorPrimaryBg],
    ['danger link', t.colorError, WHITE],
    ['danger button', WHITE, t.colorError],
    ['secondary text on white', t.colorTextDescription, WHITE],
    ['secondary text on the layout background (breadcrumb)', t.colorTextDescription, LAYOUT_BG],
    ['tertiary text', t.colorTextTertiary, WHITE],
    ['placeholder', t.colorTextPlaceholder, WHITE],
    ['tag 成功', tag.colorSuccess, t.colorSuccessBg],
    ['tag 处理中', tag.colorInfo, tag.colorInfoBg],
    ['tag 警告', tag.colorWarning, t.colorWarningBg],
    ['tag 错误', tag.colorError, t.colorErrorBg],
    ...PRESETS.map((color): [string, string, string] => [`tag color="${color}"`, tag[`${color}7`], base[`${color}1`]]),
  ];
}

const failing = (checks: [string, string, string][]) =>
  checks.filter(([, color, background]) => contrastRatio(color, background) < AA).map(([what, color, background]) => `${what}: ${color} on ${background}`);

describe('WCAG 2.1 AA colours (1.4.3 contrast minimum, 4.5:1 for text)', () => {
  it('the default theme keeps the spec §3 primary colour #1890FF', () => {
    expect(tokens(themeFor()).colorPrimary.toUpperCase()).toBe(DEFAULT_PRIMARY_COLOR);
  });

  it('the default theme: links, danger actions, secondary text, placeholders and every tag colour reach AA', () => {
    expect(failing(textOnBackgrounds(themeFor()))).toEqual([]);
  });

  it.each(colorList.map(({ key, color }) => [key, color]))('高对比度 with %s (%s): the primary colour and everything above reach AA', (_key, color) => {
    const config = themeFor(color, true, true);
    const t = tokens(config);
    expect(
      failing([
        ...textOnBackgrounds(config),
        ['primary button', WHITE, t.colorPrimary],
        ['selected menu item', t.colorPrimary, t.colorPrimaryBg],
        ['primary text on the layout background', t.colorPrimary, LAYOUT_BG],
      ]),
    ).toEqual([]);
  });
});

describe('暗黑模式 (issue 36): the whole app dark, its text at WCAG 2.1 AA', () => {
  const surfaces = ['#000000', '#141414', '#1f1f1f'];
  it.each([DEFAULT_PRIMARY_COLOR, ...colorList.map((c) => c.color)])(
    'primary %s: links, the selected menu item, secondary text, placeholders and errors reach AA on the dark surfaces; primary buttons keep white words at AA',
    (color) => {
      const config = themeFor(color, true, false, true);
      expect(config.algorithm).toBe(theme.darkAlgorithm);
      const t = tokens(config);
      const menu = config.components?.Menu as Record<string, string>;
      for (const surface of surfaces) {
        for (const [what, text] of [
          ['link', t.colorLink],
          ['secondary text', t.colorTextDescription],
          ['tertiary text', t.colorTextTertiary],
          ['placeholder', t.colorTextPlaceholder],
          ['error', t.colorError],
        ]) {
          expect(contrastRatio(text, surface), `${what} on ${surface}`).toBeGreaterThanOrEqual(AA);
        }
      }
      expect(contrastRatio(menu.itemSelectedColor, menu.itemSelectedBg), 'selected menu item').toBeGreaterThanOrEqual(AA);
      expect(contrastRatio(WHITE, t.colorPrimary), 'primary button').toBeGreaterThanOrEqual(AA);
    },
  );
});
