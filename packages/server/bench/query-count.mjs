/**
 * bench:load --count-queries preloads this into the server (node --import): it counts every statement
 * the pg driver sends, by its text, and writes the counts to QUERY_COUNT_FILE when the process exits.
 * The machine's PostgreSQL has no pg_stat_statements loaded, and restarting it to load one is not ours to do.
 */
import fs from 'node:fs';
import pg from 'pg';

const counts = new Map();
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(config, ...rest) {
  const text = typeof config === 'string' ? config : config?.text;
  if (typeof text === 'string') {
    const key = text.replace(/\s+/g, ' ').trim();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return query.call(this, config, ...rest);
};
process.on('exit', () => {
  if (process.env.QUERY_COUNT_FILE) fs.writeFileSync(process.env.QUERY_COUNT_FILE, JSON.stringify([...counts].sort((a, b) => b[1] - a[1])));
});
