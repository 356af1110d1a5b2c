import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// One file-naming style per kind of file on the web (issue 37), the majority's:
// - a component file (.tsx whose exports are all components) is PascalCase, named for its component;
// - every other module (.ts, or .tsx with a function, hook, column or definition besides its components)
//   is camelCase words, optionally followed by one dotted role: `user.api.ts`, `tabs.store.ts`,
//   `poolLog.columns.tsx`; a hook file is its hook's name (`useListData.ts`);
// - a test is named for what it tests (`<name>.test.ts(x)`, the name written as above);
// - a CSS module is named for its component (PascalCase) or its feature (camelCase).
// Folders are kebab-case and are not checked here. Kebab- or snake-case file names are refused everywhere.

const SRC = import.meta.dirname;

function files(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full);
    return [path.relative(SRC, full).split(path.sep).join('/')];
  });
}

const PASCAL = /^[A-Z][A-Za-z0-9]*$/;
const CAMEL = /^[a-z][A-Za-z0-9]*$/;
const ROLE = /^[a-z][A-Za-z0-9]*$/;

/** The value names a module exports (types left out: they leave nothing at run time). */
export function exportedValues(text: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/^export\s+(?:default\s+)?(?:async\s+)?(?:function\*?|const|let|class)\s+([A-Za-z_$][\w$]*)/gm)) names.push(m[1]);
  for (const m of text.matchAll(/^export\s+\{([^}]*)\}/gm))
    for (const part of m[1].split(',')) {
      const item = part.trim();
      if (!item || item.startsWith('type ')) continue;
      names.push(
        item
          .split(/\s+as\s+/)
          .pop()!
          .trim(),
      );
    }
  return names;
}

/** A component's name: PascalCase with a lower-case letter (an all-capitals name is a constant). */
const isComponentName = (name: string) => /^[A-Z][A-Za-z0-9]*[a-z][A-Za-z0-9]*$/.test(name);

/** Why a file's name breaks the style of its kind, or null. `text` is the file's source. */
export function nameProblem(file: string, text: string): string | null {
  const base = file.slice(file.lastIndexOf('/') + 1);
  const css = /^(.+)\.module\.css$/.exec(base);
  if (css) return PASCAL.test(css[1]) || CAMEL.test(css[1]) ? null : 'a CSS module is named PascalCase (its component) or camelCase (its feature)';
  const source = /^(.+?)((?:\.[A-Za-z0-9]+)*)\.(tsx?)$/.exec(base);
  if (!source || base.endsWith('.d.ts')) return null;
  const [, name, dotted, ext] = source;
  const roles = dotted.split('.').filter(Boolean);
  const test = roles.at(-1) === 'test';
  if (test) roles.pop();
  if (roles.length > 1 || !roles.every((r) => ROLE.test(r))) return 'at most one dotted role, camelCase (`user.api.ts`)';
  if (test) return PASCAL.test(name) || CAMEL.test(name) ? null : 'a test is named PascalCase or camelCase, for what it tests';
  if (ext === 'ts') return CAMEL.test(name) ? null : 'a .ts module is camelCase';
  const values = exportedValues(text);
  const components = values.filter(isComponentName);
  if (PASCAL.test(name) && roles.length === 0) return components.length > 0 || values.length === 0 ? null : 'a PascalCase .tsx exports a component';
  if (CAMEL.test(name)) {
    return values.length > 0 && components.length === values.length ? 'a .tsx exporting only components is PascalCase, named for its component' : null;
  }
  return 'a .tsx is PascalCase (a component) or camelCase (anything else)';
}

describe('file names (issue 37)', () => {
  it('every file under src follows the style of its kind', () => {
    const wrong = files()
      .filter((file) => /\.(tsx?|css)$/.test(file))
      .map((file) => ({ file, problem: nameProblem(file, fs.readFileSync(path.join(SRC, file), 'utf8')) }))
      .filter((entry) => entry.problem !== null)
      .map((entry) => `${entry.file}: ${entry.problem}`);
    expect(wrong).toEqual([]);
  });

  it('catches an outlier of each kind and passes the styles in use', () => {
    const component = 'export function UserList() {}';
    expect(nameProblem('modules/x/user-list.api.ts', '')).not.toBeNull();
    expect(nameProblem('modules/x/UserApi.ts', '')).not.toBeNull();
    expect(nameProblem('modules/x/user.list.tsx', component)).not.toBeNull();
    expect(nameProblem('modules/x/UserList.tsx', 'export const userColumns = [];')).not.toBeNull();
    expect(nameProblem('modules/x/Login.page.module.css', '')).not.toBeNull();
    expect(nameProblem('modules/x/permission-codes.test.ts', '')).not.toBeNull();
    expect(nameProblem('modules/x/user.api.ts', '')).toBeNull();
    expect(nameProblem('modules/x/UserList.tsx', component)).toBeNull();
    expect(nameProblem('modules/x/useClaimDialogs.tsx', 'export function useClaimDialogs() {}')).toBeNull();
    expect(nameProblem('modules/x/poolLog.columns.tsx', 'export const poolLogColumns = [];')).toBeNull();
    expect(nameProblem('modules/x/EditableTable.cells.test.tsx', '')).toBeNull();
    expect(nameProblem('modules/x/monitor.module.css', '')).toBeNull();
    expect(exportedValues('export { a, type B, c as D };\nexport type E = 1;\nexport default function F() {}')).toEqual(['F', 'a', 'D']);
  });
});
