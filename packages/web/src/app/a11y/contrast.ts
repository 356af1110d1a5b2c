/**
 * WCAG 2.1 contrast (success criterion 1.4.3): the relative luminance of sRGB colours and the ratio
 * between two of them. Colours are `#rrggbb` or `rgba(r, g, b, a)`; a translucent one is first laid
 * over its background, as the browser paints it.
 */
type Rgb = [number, number, number];
type Rgba = [number, number, number, number];

/** AA for normal text; large text (18.66 px bold, 24 px) needs 3, but our status words are 12–14 px. */
export const AA_TEXT = 4.5;

export function parseColor(color: string): Rgba {
  const hex = /^#([0-9a-f]{6})$/i.exec(color.trim());
  if (hex) {
    const n = Number.parseInt(hex[1], 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255, 1];
  }
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color.trim());
  if (short) return [...short.slice(1, 4).map((d) => Number.parseInt(d + d, 16)), 1] as Rgba;
  const fn = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/i.exec(color.trim());
  if (fn) return [Number(fn[1]), Number(fn[2]), Number(fn[3]), fn[4] === undefined ? 1 : Number(fn[4])];
  throw new Error(`not a colour: ${color}`);
}

function over(color: string, background: string): Rgb {
  const [r, g, b, a] = parseColor(color);
  const [br, bg, bb] = parseColor(background);
  return [r * a + br * (1 - a), g * a + bg * (1 - a), b * a + bb * (1 - a)];
}

function luminance([r, g, b]: Rgb): number {
  const channel = (value: number) => {
    const c = value / 255;
    return c <= 0.039_28 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The contrast ratio of text in `color` on `background` (an opaque colour), 1 to 21. */
export function contrastRatio(color: string, background: string): number {
  const a = luminance(over(color, background));
  const b = luminance(over(background, '#ffffff'));
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

const hex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`.toUpperCase();

/**
 * The colour itself when it reaches `ratio` on every background, else the lightest mix of it with black
 * that does: the same hue, only darker, so a chosen theme colour stays recognisable.
 */
export function darkenToContrast(color: string, backgrounds: readonly string[], ratio = AA_TEXT): string {
  const [r, g, b] = over(color, '#ffffff');
  for (let step = 0; step <= 100; step += 2) {
    const k = 1 - step / 100;
    const candidate = hex([r * k, g * k, b * k]);
    if (backgrounds.every((background) => contrastRatio(candidate, background) >= ratio)) return candidate;
  }
  return '#000000';
}

/**
 * The colour itself when it reaches `ratio` on every (dark) background, else the darkest mix of it with
 * white that does: the same hue, only lighter (the dark theme's counterpart of `darkenToContrast`).
 */
export function lightenToContrast(color: string, backgrounds: readonly string[], ratio = AA_TEXT): string {
  const [r, g, b] = over(color, '#000000');
  for (let step = 0; step <= 100; step += 2) {
    const k = step / 100;
    const candidate = hex([r + (255 - r) * k, g + (255 - g) * k, b + (255 - b) * k]);
    if (backgrounds.every((background) => contrastRatio(candidate, background) >= ratio)) return candidate;
  }
  return '#FFFFFF';
}
