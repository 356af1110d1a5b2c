import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The web's layers (issue 37, as the server's modules/layers.test.ts): the shell (`app/`) above the
// feature modules, `components/` and `platform/` below them. The shell reaches a module only through
// the screen registry, by a lazy `import()` (its own chunk); a module never imports the shell; rights and
// finance never import each other (what both use goes down: `modules/core/`, `platform/`, `components/`;
// the approval to-do list, which decides both areas' records, is `modules/approval/`, as the dashboard
// reads both). `import type` is free: it leaves nothing at run time. Tests and test kits are exempt.

const SRC = import.meta.dirname;

const isTestCode = (file: string) => /\.test\.tsx?$|^test\//.test(file);

function sourceFiles(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [path.relative(SRC, full).split(path.sep).join('/')] : [];
  });
}

const STATIC = /^\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/gm;
const BARE = /^\s*import\s+['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

const typeOnlyList = (clause: string) => {
  const list = /^\{([\s\S]*)\}$/.exec(clause.trim());
  if (!list) return false;
  const names = list[1]
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((n) => n.startsWith('type '));
};

type Edge = { from: string; to: string; lazy: boolean };

/** The files (relative to src) a source file imports by value, each marked lazy when by `import()`. */
export function valueImports(file: string, text: string): Omit<Edge, 'from'>[] {
  const specs: { spec: string; lazy: boolean }[] = [];
  for (const m of text.matchAll(STATIC)) if (!m[1] && !typeOnlyList(m[2])) specs.push({ spec: m[3], lazy: false });
  for (const m of text.matchAll(BARE)) specs.push({ spec: m[1], lazy: false });
  for (const m of text.matchAll(DYNAMIC)) specs.push({ spec: m[1], lazy: true });
  return specs
    .filter((s) => s.spec.startsWith('.'))
    .map((s) => ({ to: path.posix.normalize(path.posix.join(path.posix.dirname(file), s.spec)), lazy: s.lazy }));
}

/** Where the shell names the screens: the menu's component paths, the fixed pages, the signed-out pages. */
const REGISTRY = new Set(['app/routes/screens.ts', 'app/routes/staticScreens.ts', 'app/router.tsx']);

/**
 * Imports that still break a rule, each to be removed by moving the shared code down; the last test
 * fails once one is gone, so the list only shrinks.
 */
const KNOWN: ReadonlySet<string> = new Set([
  // 个性化: the drawer's 保存 and the account's 个性化 tab share the options and the saving
  'app/shell/settings/SettingDrawer.tsx → modules/user/account/SaveCustomButton.tsx',
  'modules/user/account/Custom.tsx → app/shell/settings/SettingDrawer.tsx',
  'app/App.tsx → modules/user/account/customAtSignIn.ts',
  // the header's 待办 count
  'app/shell/notice/TodoEntry.tsx → modules/approval/approval.api.ts',
]);

type Rule = { name: string; broken: (e: Edge) => boolean };

const area = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1];

/**
 * What each group of the system administration may import from another area (modules/README.md "Layers"),
 * as on the server: anything else outside its group and `modules/core/` breaks the rule. Nothing imports
 * messaging or reports.
 */
const SYSTEM_GROUP_USES: Record<string, { may?: RegExp; why?: string }> = {
  identity: {},
  config: {},
  operations: { may: /^modules\/rights\/file-info\//, why: 'only 文件信息’s record and fingerprint cells, which 对象存储 shows too' },
  messaging: { may: /^modules\/identity\/shared\//, why: 'only the user picker (通告的指定用户)' },
  reports: { may: /^modules\/(identity|config)\//, why: 'the role and user selects of 可用范围, the dictionaries of a column' },
};

const groupRules: Rule[] = Object.entries(SYSTEM_GROUP_USES).map(([group, { may, why }]) => ({
  name: may ? `${group} imports from another area ${why}` : `${group} imports no other area`,
  broken: (e) => area(e.from) === group && area(e.to) !== undefined && area(e.to) !== group && area(e.to) !== 'core' && !may?.test(e.to),
}));

const RULES: Rule[] = [
  ...groupRules,
  {
    name: 'the shell imports a module only from the screen registry, lazily',
    broken: (e) => e.from.startsWith('app/') && e.to.startsWith('modules/') && !(REGISTRY.has(e.from) && e.lazy),
  },
  { name: 'a module does not import the shell', broken: (e) => e.from.startsWith('modules/') && e.to.startsWith('app/') },
  { name: 'rights does not import finance', broken: (e) => area(e.from) === 'rights' && area(e.to) === 'finance' },
  { name: 'finance does not import rights', broken: (e) => area(e.from) === 'finance' && area(e.to) === 'rights' },
  {
    name: 'the core imports no area above it',
    broken: (e) => area(e.from) === 'core' && area(e.to) !== undefined && area(e.to) !== 'core',
  },
  { name: 'components import no module and not the shell', broken: (e) => e.from.startsWith('components/') && /^(modules|app)\//.test(e.to) },
  { name: 'the platform imports no module, component or shell', broken: (e) => e.from.startsWith('platform/') && /^(modules|components|app)\//.test(e.to) },
];

const edges: Edge[] = sourceFiles()
  .filter((file) => !isTestCode(file))
  .flatMap((file) => valueImports(file, fs.readFileSync(path.join(SRC, file), 'utf8')).map((e) => ({ from: file, ...e })));

const named = (e: Edge) => `${e.from} → ${e.to}`;

describe('issue 37: the web layers, shell → registry → modules → components / platform (value imports)', () => {
  it('reads the imports it checks (a rule checked against nothing would pass by accident)', () => {
    expect(edges.some((e) => e.from === 'app/routes/screens.ts' && e.to.startsWith('modules/') && e.lazy)).toBe(true);
    expect(edges.some((e) => e.from.startsWith('modules/rights/') && e.to.startsWith('platform/'))).toBe(true);
    expect(edges.some((e) => e.from.startsWith('modules/reports/') && e.to.startsWith('modules/identity/'))).toBe(true);
    expect(
      valueImports(
        'modules/a/b.tsx',
        "import type { X } from '../c/d.ts';\nimport { type Y } from './e.ts';\nimport {\n  f,\n  type G,\n} from '../../platform/h.ts';\nconst L = lazy(() => import('./l.tsx'));",
      ),
    ).toEqual([
      { to: 'platform/h.ts', lazy: false },
      { to: 'modules/a/l.tsx', lazy: true },
    ]);
  });

  for (const rule of RULES) {
    it(rule.name, () => {
      expect(edges.filter((e) => rule.broken(e) && !KNOWN.has(named(e))).map(named)).toEqual([]);
    });
  }

  it('each listed exception still exists (one fixed is taken off the list)', () => {
    const present = new Set(edges.filter((e) => RULES.some((r) => r.broken(e))).map(named));
    expect([...KNOWN].filter((k) => !present.has(k))).toEqual([]);
  });
});
