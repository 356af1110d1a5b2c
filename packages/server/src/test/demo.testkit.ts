import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { runSeeds } from '../seed/seed.ts';
import { sysSeed } from '../seed/seed.table.ts';
import { createTestApp } from './harness.ts';

/**
 * A test app on which the demo `units` run again as a first start with SEED_DEMO=1 would (the harness seeds
 * without demo data), in a data folder of its own where the demo writes its files. Answers the app, the
 * units the run applied and what it announced.
 */
export async function appWithDemo(units: string[]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sbwq-demo-'));
  const t = await createTestApp({ DATA_DIR: dataDir });
  const db = t.database.db;
  await db.delete(sysSeed).where(inArray(sysSeed.key, units));
  const announced: string[] = [];
  const applied = await runSeeds(db, { adminPassword: null, seedDemo: true, announce: (text) => announced.push(text), dataDir });
  /** A generated password as announced: demo:users:v1 prints `name realname password`, demo:rights:v1 `name password organisation`, each once. */
  const passwordOf = (username: string) => {
    const text = announced.join('\n');
    return (new RegExp(`^\\s+${username}\\s+([A-Za-z0-9]{16})\\s`, 'm').exec(text) ??
      new RegExp(`^\\s+${username}\\s+\\S+\\s+([A-Za-z0-9]{16})$`, 'm').exec(text))![1];
  };
  return { t, db, dataDir, applied, announced, passwordOf };
}
