import { sql } from 'drizzle-orm';
import { rows, type Db } from './client.ts';

export type MaintenanceOptions = {
  /** How often every table is vacuumed (cheap when nothing changed: the visibility map skips it). */
  everyMs: number;
  /** Every n-th round also analyzes, which samples each table and costs more. */
  analyzeEvery: number;
  onError: (error: unknown) => void;
};

/**
 * The embedded database has no autovacuum: without it, tables that see many writes keep their dead
 * rows, counts cannot use index-only scans and the planner works from the statistics of an empty
 * table. This does what autovacuum would, table by table, so requests run between two tables rather
 * than waiting for the whole database. Returns the function that stops it.
 */
export function startEmbeddedMaintenance(db: Db, opts: MaintenanceOptions): () => Promise<void> {
  let round = 0;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const pass = async () => {
    round += 1;
    const analyze = round % opts.analyzeEvery === 1 || opts.analyzeEvery === 1;
    const tables = await rows<{ name: string }>(db, sql`select relname as name from pg_stat_user_tables where schemaname = 'public' order by relname`);
    for (const { name } of tables) {
      if (stopped) return;
      // Table names come from the catalogue, not from a request.
      await db.execute(sql.raw(`vacuum ${analyze ? '(analyze) ' : ''}"${name.replace(/"/g, '""')}"`));
    }
  };
  let timer: NodeJS.Timeout;
  // The next round is scheduled when one ends, so a slow round never queues others behind it.
  const schedule = () => {
    timer = setTimeout(() => {
      running = pass()
        .catch(opts.onError)
        .finally(() => {
          if (!stopped) schedule();
        });
    }, opts.everyMs);
    timer.unref();
  };
  schedule();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
