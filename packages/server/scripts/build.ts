/**
 * Bundles the server into dist/main.mjs so that start-up loads one file instead of transpiling a few
 * hundred TypeScript modules. npm packages stay external (they are installed), but for drizzle-orm; the
 * workspace's own contracts package is TypeScript and is bundled in.
 */
import path from 'node:path';
import fs from 'node:fs';
import { build } from 'esbuild';

const serverDir = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
// drizzle-orm is bundled in too: Node 24 loading its ~450 ES modules one by one took about 160 MB of heap
// at start, which the process kept (idle RSS 280 MB instead of 200 MB; issue 35), and most of a second.
const bundled = new Set(['drizzle-orm']);
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@sbwq/') && !bundled.has(name));

await build({
  entryPoints: [path.join(serverDir, 'src/main.ts')],
  outfile: path.join(serverDir, 'dist/main.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external,
  sourcemap: 'linked',
  logLevel: 'warning',
  // Bundled CommonJS helpers call require(); ESM output needs it defined.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
