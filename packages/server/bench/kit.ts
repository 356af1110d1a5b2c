/** What the bench groups share: the results table, a scratch PostgreSQL database and the load generator. */
import autocannon from 'autocannon';
import { createDatabase, type ScratchDatabase } from '../src/test/scratch-database.ts';

export const PASSWORD = 'Bench12345';

export const results: [string, string, string][] = [];

export const record = (what: string, value: string, budget = '') => {
  results.push([what, value, budget]);
  const over = overBudget(value, budget);
  process.stdout.write(`  ${what}: ${value}${budget ? `（预算 ${budget}${over ? '，超出' : ''}）` : ''}\n`);
};

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a measured value is over its budget (issue 35: a bench run that nobody compared with the
 * budgets). Each part of the budget (`≥ 70 % / ≤ 1.3×`) is compared with the first number in the value
 * written in the same unit (`83 % / 1.16×`, `0.15 s（… 11 ms）`); a budget without a number (`—`) checks
 * nothing.
 */
export function overBudget(value: string, budget: string): boolean {
  return budget.split(' / ').some((part) => {
    const limit = /([≤≥])\s*([\d.]+)\s*([^\s\d，,（(]*)/.exec(part);
    if (!limit) return false;
    const [, sign, bound, unit] = limit;
    const measured = new RegExp(`(?:^|[^\\d.])([\\d.]+)\\s*${escapeRegExp(unit!)}(?![A-Za-z])`).exec(value);
    if (!measured) return false;
    const n = Number(measured[1]);
    return sign === '≤' ? n > Number(bound) : n < Number(bound);
  });
}

export const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function scratchPostgres(): Promise<ScratchDatabase | null> {
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  return createDatabase(base, `sbwq_bench_${Date.now()}`).catch(() => null);
}

export function cannon(url: string, token: string, duration = 10): Promise<autocannon.Result> {
  return autocannon({ url, connections: 50, duration, headers: { 'X-Access-Token': token } });
}

export { serveCommand } from './serve-command.ts';
