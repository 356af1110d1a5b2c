import { DEFAULT_PRIMARY_COLOR } from '@sbwq/contracts';
import type { ConfigProviderProps, ThemeConfig } from 'antd';
import theme from 'antd/es/theme';
import { AA_TEXT, contrastRatio, darkenToContrast, lightenToContrast } from './a11y/contrast.ts';

const fontFamily =
  "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'WenQuanYi Zen Hei', 'Helvetica Neue', Helvetica, Arial, sans-serif";

/** The page background of the layout (antd's colorBgLayout), where breadcrumbs and the footer sit. */
export const LAYOUT_BG = '#f5f5f5';
const WHITE = '#ffffff';

/**
 * Text that antd paints in black at 45 % (descriptions, secondary Typography, breadcrumbs, empty
 * lists) reaches 3.4:1 at best; 60 % black reaches AA on white and on the layout background.
 */
const SECONDARY_TEXT = 'rgba(0, 0, 0, 0.6)';
/** antd's placeholders are 25 % black (1.8:1): people read them as hints, so they need AA too. */
const PLACEHOLDER_TEXT = 'rgba(0, 0, 0, 0.56)';

/** The colours antd names tags by (`<Tag color="green">`); each is painted in its shade 7 on its shade 1. */
const PRESET_COLORS = ['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold'] as const;
type PresetColor = (typeof PRESET_COLORS)[number];
type Palette = Record<`${PresetColor}${1 | 7}`, string>;

const designToken = (token: ThemeConfig['token'] = {}) => theme.getDesignToken({ token });
const base = designToken();

type Accessible = { shade: string; tint: string };
const accessible = new Map<string, Accessible>();

/**
 * `tint`: antd's pale background of a colour (selected menu items and table rows); `shade`: the colour,
 * darkened until it reaches AA on white, the layout background and that tint. The tint stays the one of
 * the chosen colour: antd derives a greyish, darker one from a dark colour.
 */
export function accessibleShade(color: string): Accessible {
  let found = accessible.get(color);
  if (!found) {
    const tint = designToken({ colorPrimary: color }).colorPrimaryBg;
    found = { shade: darkenToContrast(color, [WHITE, LAYOUT_BG, tint]), tint };
    accessible.set(color, found);
  }
  return found;
}

/**
 * Tags: the status tags (success, processing, warning, error) and the preset colours. antd paints their
 * words in the palette's shade 7 (or the status colour) on its shade 1, 1.8:1 to 4.4:1; here each is
 * darkened on its own background until it reaches AA. For the Tag component only: elsewhere these
 * colours fill icons and borders, where 3:1 is enough.
 */
function tagTokens({ shade, tint }: Accessible): Record<string, string> {
  const palette = base as unknown as Palette;
  const tokens: Record<string, string> = {};
  for (const color of PRESET_COLORS) {
    tokens[`${color}7`] = darkenToContrast(palette[`${color}7`], [palette[`${color}1`]]);
  }
  tokens.colorSuccess = darkenToContrast(base.colorSuccess, [base.colorSuccessBg]);
  tokens.colorWarning = darkenToContrast(base.colorWarning, [base.colorWarningBg]);
  tokens.colorError = darkenToContrast(base.colorError, [base.colorErrorBg]);
  tokens.colorInfo = shade;
  tokens.colorInfoBg = tint;
  return tokens;
}

/**
 * spec §3 settings: the primary colour (default #1890FF) becomes antd's design token at run time.
 * `motion: false` (the system asks for reduced motion) turns antd's animations off.
 *
 * Both themes meet WCAG 2.1 AA for text antd paints in its own greys, links, danger actions and tags.
 * The default keeps the chosen primary colour as is on buttons, menus and checkboxes — #1890FF, which
 * the spec names, has 3.2:1 with white; `highContrast` (the 高对比度 setting) darkens the primary
 * colour too, so that every screen meets AA.
 */
export function themeFor(primaryColor: string = DEFAULT_PRIMARY_COLOR, motion = true, highContrast = false, dark = false): ThemeConfig {
  if (dark) return darkTheme(primaryColor, motion);
  const accessible = accessibleShade(primaryColor);
  const primary = highContrast ? accessible.shade : primaryColor;
  return {
    token: {
      colorPrimary: primary,
      colorPrimaryBg: accessible.tint,
      colorLink: accessible.shade,
      colorInfo: primary,
      colorError: darkenToContrast(base.colorError, [WHITE, LAYOUT_BG, base.colorErrorBg]),
      colorTextTertiary: SECONDARY_TEXT,
      colorTextDescription: SECONDARY_TEXT,
      colorTextPlaceholder: PLACEHOLDER_TEXT,
      fontFamily,
      motion,
    },
    components: {
      Tag: tagTokens(accessible),
    },
  };
}

/** Text antd's dark algorithm paints at 45 % white (descriptions, placeholders) reaches AA at 65 %. */
const DARK_SECONDARY_TEXT = 'rgba(255, 255, 255, 0.65)';
const DARK_PLACEHOLDER_TEXT = 'rgba(255, 255, 255, 0.6)';
/** antd's dark red (#dc4446) has 4.3:1 on its dark surfaces; its palette's lighter red reaches AA. */
const DARK_ERROR = '#ff7875';

/** antd's dark surfaces: the layout, a card or table, a popup. */
const DARK_SURFACES = ['#000000', '#141414', '#1f1f1f'];

/**
 * The 暗黑模式 setting (issue 36): antd's dark algorithm over the whole app. Buttons filled with the
 * primary colour take its AA shade (white words on it), as 高对比度 does; words painted in the primary
 * colour (links, link buttons, the selected menu item and tab) take it lightened until it reaches AA on
 * the dark surfaces and on the selected item's tint. antd's `theme` object, with its dark algorithm,
 * is already in the first load: choosing the setting downloads nothing more. It meets AA on its own,
 * so 高对比度 changes nothing more in it.
 */
function darkTheme(primaryColor: string, motion: boolean): ThemeConfig {
  const { shade } = accessibleShade(primaryColor);
  const tint = theme.getDesignToken({ algorithm: theme.darkAlgorithm, token: { colorPrimary: shade } }).colorPrimaryBg;
  const text = lightenToContrast(primaryColor, [...DARK_SURFACES, tint]);
  // colorLink is a seed the dark algorithm maps (to a darker shade): the seed is lightened until what it maps to reaches AA
  const linkOf = (seed: string) => theme.getDesignToken({ algorithm: theme.darkAlgorithm, token: { colorLink: seed } }).colorLink;
  let link = text;
  for (let step = 0; step <= 100 && !DARK_SURFACES.every((surface) => contrastRatio(linkOf(link), surface) >= AA_TEXT); step += 5) {
    link = lightenToContrast(text, ['#000000'], 1 + step / 5);
  }
  return {
    algorithm: theme.darkAlgorithm,
    token: {
      colorPrimary: shade,
      colorLink: link,
      colorInfo: shade,
      colorError: DARK_ERROR,
      colorTextTertiary: DARK_SECONDARY_TEXT,
      colorTextDescription: DARK_SECONDARY_TEXT,
      colorTextPlaceholder: DARK_PLACEHOLDER_TEXT,
      fontFamily,
      motion,
    },
    components: {
      Button: { colorLink: text, colorLinkHover: text, colorLinkActive: text, colorPrimaryText: text, colorPrimaryTextHover: text },
      Menu: { itemSelectedColor: text, subMenuItemSelectedColor: text, horizontalItemSelectedColor: text, itemSelectedBg: tint },
      Tabs: { itemSelectedColor: text, itemActiveColor: text, itemHoverColor: text },
    },
  };
}

/**
 * Every dialog's title stands clear of its first field: antd 6 leaves 8 px under the title,
 * where the JeecgBoot screens (antd 3, a header bar over a padded body) had 24.
 */
export const modalConfig: ConfigProviderProps['modal'] = { styles: { header: { marginBottom: 24 } } };
