import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The number after ≤ in the budget column of the README's row that starts with `label` (README 性能预算与测量):
 * the budget tests read the README, so a budget is changed in one place, the table users read.
 */
export function readmeBudget(label: string): number {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const row = readme.split('\n').find((line) => line.startsWith(`| ${label}`));
  const value = /≤\s*([\d.]+)/.exec(row?.split('|')[2] ?? '')?.[1];
  if (!value) throw new Error(`README 性能预算表中没有“${label}”一行的预算（≤ 数值）`);
  return Number(value);
}
