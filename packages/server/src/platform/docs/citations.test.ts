import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Comments cite the specification (`spec §7`), the wire-format facts (`JEECG-API §5.2`) and the domain
 * notes (`DOMAIN.md`). Those documents live in `docs/` so that whoever reads a comment can follow it;
 * this fails when a comment cites a section or a document that is not there (issue 37).
 */
const root = join(import.meta.dirname, '../../../../..');
const docs = join(root, 'docs');

function headings(file: string): Set<string> {
  const numbers = new Set<string>();
  for (const line of readFileSync(join(docs, file), 'utf8').split('\n')) {
    const m = /^#{2,3} (\d+(?:\.\d+)?)\.? /.exec(line);
    if (m) numbers.add(m[1]!);
  }
  return numbers;
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, out);
    else if (/\.(ts|tsx|mjs)$/.test(entry.name)) out.push(path);
  }
  return out;
}

const files = [...sourceFiles(join(root, 'packages')), ...sourceFiles(join(root, 'e2e'))];

function citations(pattern: RegExp): { where: string; section: string }[] {
  const found: { where: string; section: string }[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(pattern)) found.push({ where: relative(root, file), section: m[1]! });
  }
  return found;
}

describe('issue 37: the documents comments cite are in the repository', () => {
  it('every `spec §N` names a section of docs/SPEC.md', () => {
    const sections = headings('SPEC.md');
    const cited = citations(/spec §(\d+)/g);
    expect(cited.length).toBeGreaterThan(100);
    expect(cited.filter((c) => !sections.has(c.section))).toEqual([]);
  });

  it('every `JEECG-API §N[.M]` names a section of docs/JEECG-API.md', () => {
    const sections = headings('JEECG-API.md');
    const cited = citations(/JEECG-API §(\d+(?:\.\d+)?)/g);
    expect(cited.length).toBeGreaterThan(100);
    expect(cited.filter((c) => !sections.has(c.section))).toEqual([]);
  });

  it('every cited *.md document of the guide is in docs/', () => {
    const present = new Set(readdirSync(docs));
    const cited = citations(/\b(DOMAIN|ARCHITECTURE|STYLE|STACK|SPEC|JEECG-API)\.md\b/g);
    expect(cited.length).toBeGreaterThan(50);
    expect(cited.filter((c) => !present.has(`${c.section}.md`))).toEqual([]);
  });
});
