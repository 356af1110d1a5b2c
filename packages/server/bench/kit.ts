/** What the bench groups share: the results table, a scratch PostgreSQL database and the load generator. */
import autocannon from 'autocannon';
import pg from 'pg';

export const PASSWORD = 'Bench12345';

export const results: [string, string, string][] = [];

export const record = (what: string, value: string, budget = '') => {
  results.push([what, value, budget]);
  process.stdout.write(`  ${what}: ${value}\n`);
};

export const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function scratchPostgres(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `sbwq_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: base });
  try {
    await admin.connect();
    await admin.query(`create database ${name}`);
  } catch {
    return null;
  } finally {
    await admin.end().catch(() => undefined);
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export function cannon(url: string, token: string, duration = 10): Promise<autocannon.Result> {
  return autocannon({ url, connections: 50, duration, headers: { 'X-Access-Token': token } });
}
