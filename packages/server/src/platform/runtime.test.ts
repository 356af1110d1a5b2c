import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './paths.ts';

const root = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};

describe('runtime: the tests run on the Node pinned in package.json, not the machine’s', () => {
  it('npm scripts put the pinned Node 24 LTS first on PATH', () => {
    expect(process.version).toBe(`v${root.devDependencies.node}`);
    expect(Number(process.versions.node.split('.')[0])).toBe(24);
  });

  it('engines asks for no more than the pinned version gives', () => {
    const [, minimum] = /^>=(\d+\.\d+\.\d+)$/.exec(root.engines.node) ?? [];
    expect(minimum).toBeDefined();
    const asNumbers = (v: string) => v.split('.').map(Number) as [number, number, number];
    const [a, b, c] = asNumbers(minimum!);
    const [x, y, z] = asNumbers(root.devDependencies.node!);
    expect(x * 1e6 + y * 1e3 + z).toBeGreaterThanOrEqual(a * 1e6 + b * 1e3 + c);
  });
});
