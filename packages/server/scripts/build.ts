/**
 * Bundles the server into dist/main.mjs so that start-up loads one file instead of transpiling a few
 * hundred TypeScript modules. npm packages stay external (they are installed); the workspace's own
 * contracts package is TypeScript and is bundled in.
 */
import path from 'node:path';
import fs from 'node:fs';
import { build } from 'esbuild';

const serverDir = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@sbwq/'));

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
