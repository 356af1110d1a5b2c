import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { features } from '../modules/features.ts';

/**
 * Every feature's menu exactly as the seed writes it — unit keys, codes, button names and their order
 * (the sort numbers), screens' places, addresses, components, icons and roles — against the record in
 * feature-menus.json: a menu helper may change how a menu is written, never what is seeded.
 */
describe('feature menus', () => {
  it('are the recorded ones, to the letter and in order', () => {
    const menus = features.flatMap((f) => f.menus ?? []);
    const recorded: unknown = JSON.parse(readFileSync(new URL('./feature-menus.json', import.meta.url), 'utf8'));
    expect(JSON.parse(JSON.stringify(menus.map((m) => ({ ...m, buttons: Object.entries(m.buttons) }))))).toStrictEqual(recorded);
  });
});
