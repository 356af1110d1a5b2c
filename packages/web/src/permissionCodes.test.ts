import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { declaredPermissionCodes } from '@sbwq/contracts';

// Issue 37 ("35 list screens pass a literal permission string"): a screen takes its permission codes from
// the contracts' declarations (`XxxPerm`, made by `permCodes`), so a renamed code is a compile error on
// both sides instead of a button that silently never shows. This scan fails on a code written by hand
// in a screen: a quoted text that is a declared code or a feature's prefix, or that has a code's shape.

const SRC = import.meta.dirname;
/** the screens and the shell; the list kit's own doc comments name codes as examples */
const SCANNED = ['modules', 'app'];

const isTestCode = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith('test/');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [path.relative(SRC, full).split(path.sep).join('/')] : [];
  });
}

/** `system:user:add`, `rights:threaded:approveClose`: lower-case area, feature, action (a time format such as HH:mm:ss is not one) */
const CODE_SHAPE = /^[a-z][a-zA-Z]*:[a-zA-Z]+:[a-zA-Z]+$/;
const QUOTED = /'([^'\n]*)'|"([^"\n]*)"|`([^`$\n]*)`/g;

const declared = new Set(declaredPermissionCodes());
const prefixes = new Set([...declared].map((code) => code.slice(0, code.lastIndexOf(':'))));

/** Comments are left out: they may name a code to explain one. */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** The quoted texts of a source that are a permission code or a feature's prefix written by hand. */
export function literalCodes(text: string): string[] {
  const found: string[] = [];
  for (const m of withoutComments(text).matchAll(QUOTED)) {
    const value = m[1] ?? m[2] ?? m[3] ?? '';
    if (declared.has(value) || prefixes.has(value) || CODE_SHAPE.test(value)) found.push(value);
  }
  return found;
}

describe('screens take permission codes from contracts, never as literal strings (issue 37)', () => {
  it('the scan finds a hand-written code, prefix or code-shaped text, and leaves a time format and comments alone', () => {
    expect(declared.size).toBeGreaterThan(100);
    expect(literalCodes(`const list = { permission: 'system:user', api };`)).toEqual(['system:user']);
    expect(literalCodes(`const editable = can("system:dictItem:edit");`)).toEqual(['system:dictItem:edit']);
    expect(literalCodes('<Button code={`finance:pool:unknownAction`} />')).toEqual(['finance:pool:unknownAction']);
    expect(literalCodes(`formatDate(at, 'HH:mm:ss'); // was 'system:user:add'\n/* 'rights:org' */ const p = UserPerm.add;`)).toEqual([]);
  });

  it('no screen or shell file writes a permission code or prefix by hand', () => {
    const files = SCANNED.flatMap((dir) => sourceFiles(path.join(SRC, dir))).filter((file) => !isTestCode(file));
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.flatMap((file) => literalCodes(fs.readFileSync(path.join(SRC, file), 'utf8')).map((code) => `${file}: '${code}'`));
    expect(offenders).toEqual([]);
  });
});
