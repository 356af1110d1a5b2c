import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

type Impact = string | null | undefined;

async function findings(page: Page, include: string[], counts: (impact: Impact, rule: string) => boolean): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  for (const selector of include) builder.include(selector);
  const { violations } = await builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations
    .filter((v) => counts(v.impact, v.id))
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .slice(0, 2)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

/**
 * Axe's WCAG 2.1 A/AA findings that count, on the page or only inside the `include` selectors, each as
 * `rule: first two targets`: critical ones, and serious ones other than colour contrast — the default
 * theme's #1890FF on white is below 4.5:1, and accessibility.spec.ts measures contrast under 高对比度.
 */
export function axeFindings(page: Page, ...include: string[]): Promise<string[]> {
  return findings(page, include, (impact, rule) => impact === 'critical' || (impact === 'serious' && rule !== 'color-contrast'));
}

/** Axe's critical WCAG 2.1 A/AA findings only: what a screen promising "no critical axe finding" is held to. */
export function criticalAxeFindings(page: Page): Promise<string[]> {
  return findings(page, [], (impact) => impact === 'critical');
}
