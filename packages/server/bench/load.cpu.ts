/** CPU and memory readings of the load test: the server process and its workers (/proc), the database backends and commits (PostgreSQL). */
import fs from 'node:fs';
import pg from 'pg';

export async function commits(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()');
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

/** CPU seconds of one process (utime + stime, in clock ticks of 100 a second on Linux); 0 once it is gone. */
export function processCpu(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(stat[11]) + Number(stat[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * The PostgreSQL backends of the scratch database (the server's pooled connections; the database runs on
 * this machine, loopback only) and their CPU seconds so far: the database's share of each request's cost.
 */
export async function databaseBackends(url: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
    return new Map(rows.map((r) => [r.pid, processCpu(r.pid)]));
  } finally {
    await client.end();
  }
}

/** CPU seconds the backends of `before` (and any new ones, counted from zero) used since. */
export async function databaseCpuSince(url: string, before: Map<number, number>): Promise<number> {
  const now = await databaseBackends(url);
  let total = 0;
  for (const [pid, start] of before) total += Math.max(0, processCpu(pid) - start);
  for (const [pid, seconds] of now) if (!before.has(pid)) total += seconds;
  return total;
}

/** CPU seconds of the server: its process and, with workers, their children. */
export function cpuSeconds(pid: number): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string[];
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]!.split(' ');
    } catch {
      continue; // gone meanwhile
    }
    // stat[1] is the parent's pid; utime and stime are in clock ticks (100 a second on Linux)
    if (Number(entry) === pid || Number(stat[1]) === pid) total += (Number(stat[11]) + Number(stat[12])) / 100;
  }
  return total;
}

/** The process's resident memory now (VmRSS) or at its peak (VmHWM), in MB. */
export function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  return Math.round(kb / 1024);
}
