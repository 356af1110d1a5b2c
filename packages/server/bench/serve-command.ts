import fs from 'node:fs';
import path from 'node:path';

/**
 * `npm run serve`'s environment (`NAME=value` before the command) and node arguments, read from
 * package.json: the benchmarks and the idle-memory test start the server exactly as users do.
 * A file of its own so the e2e suite can import it without the load generator of `kit.ts`.
 */
export function serveCommand(): { env: Record<string, string>; args: string[] } {
  const pkg = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = pkg.scripts.serve!.trim().split(/\s+/);
  const env: Record<string, string> = {};
  while (/^[A-Z_]+=/.test(words[0] ?? '')) {
    const [name, value] = words.shift()!.split('=');
    env[name!] = value!;
  }
  if (words.shift() !== 'node') throw new Error(`npm run serve 不是以 node 启动：${pkg.scripts.serve}`);
  return { env, args: words };
}
