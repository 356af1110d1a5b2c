// Measures the JavaScript the login page loads: the entry chunk and everything it imports statically,
// plus the lazy chunks of the login route (UserLayout, Login) and their static imports. Gzip -9 bytes.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const assets = join(dist, 'assets');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = html.match(/<script type="module"[^>]*src="\/assets\/([^"]+)"/)?.[1];
if (!entry) throw new Error('no module entry in dist/index.html');
const routeChunks = readdirSync(assets).filter((f) => /^(UserLayout|Login)-[\w-]+\.js$/.test(f));

const seen = new Set();
const visit = (file) => {
  if (seen.has(file)) return;
  seen.add(file);
  const code = readFileSync(join(assets, file), 'utf8');
  for (const m of code.matchAll(/(?:import|from)\s*["']\.\/([\w.-]+\.js)["']/g)) visit(m[1]);
};
[entry, ...routeChunks].forEach(visit);

let raw = 0;
let gz = 0;
for (const file of [...seen].sort()) {
  const buf = readFileSync(join(assets, file));
  const size = gzipSync(buf, { level: 9 }).length;
  raw += buf.length;
  gz += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} kB gz  ${file}`);
}
console.log(`login page JS: ${seen.size} files, ${(raw / 1024).toFixed(1)} kB raw, ${(gz / 1024).toFixed(1)} kB gzip`);
