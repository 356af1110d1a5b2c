import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Every screen the server's menu may name, by JeecgBoot component path (ARCHITECTURE "Menu rows").
 * Static and lazily imported, so each screen is its own chunk; a string from the server is only
 * ever a key into this table, never an import() specifier.
 */
export type Screen = LazyExoticComponent<ComponentType>;

export const screens: Record<string, Screen> = {
  'dashboard/Analysis': lazy(() =>
    import('../../modules/dashboard/analysis/Analysis.tsx').then((m) => ({ default: m.Analysis })),
  ),
};

/** Shown where the menu names a component this build does not have. */
export const UnknownScreen = lazy(() =>
  import('../../modules/exception/UnknownScreen.tsx').then((m) => ({ default: m.UnknownScreen })),
);

/**
 * JeecgBoot stores component paths in several spellings (`/views/x/Y.vue`, `x/Y`): reduce them to the
 * registry's form (JEECG-API §3.1 "intelligentProcessData").
 */
export function normalizeComponent(component: string | null | undefined): string {
  return (component ?? '')
    .trim()
    .replace(/^\/+/, '')
    .replace(/^src\/views\//, '')
    .replace(/^views\//, '')
    .replace(/\.(vue|tsx?|jsx?)$/, '');
}

/** Layout components only nest their children in JeecgBoot; our shell is the one layout. */
export function isLayoutComponent(component: string | null | undefined): boolean {
  const name = normalizeComponent(component);
  return name === '' || name.startsWith('layouts/') || name.startsWith('components/layouts/');
}
