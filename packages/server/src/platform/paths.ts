import fs from 'node:fs';
import path from 'node:path';

/**
 * The server package's folder, found by walking up to the folder holding `drizzle/`: the same answer
 * whether this file runs from src/ (tsx, tests) or from the bundled dist/.
 */
function findServerRoot(start: string): string {
  let dir = start;
  for (;;) {
    if (fs.existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`cannot find the server folder (drizzle/) above ${start}`);
    dir = parent;
  }
}

export const serverRoot = findServerRoot(import.meta.dirname);
export const repoRoot = path.resolve(serverRoot, '../..');
export const migrationsFolder = path.join(serverRoot, 'drizzle');
export const seedDataFolder = path.join(serverRoot, 'src', 'seed');
