/** What the bench groups share: the results table, a scratch PostgreSQL database and the load generator. */
import autocannon from 'autocannon';
import { createDatabase, type ScratchDatabase } from '../src/test/scratch-database.ts';

export const PASSWORD = 'Bench12345';

export const results: [string, string, string][] = [];

export const record = (what: string, value: string, budget = '') => {
  results.push([what, value, budget]);
  process.stdout.write(`  ${what}: ${value}\n`);
};

export const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function scratchPostgres(): Promise<ScratchDatabase | null> {
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  return createDatabase(base, `sbwq_bench_${Date.now()}`).catch(() => null);
}

export function cannon(url: string, token: string, duration = 10): Promise<autocannon.Result> {
  return autocannon({ url, connections: 50, duration, headers: { 'X-Access-Token': token } });
}
