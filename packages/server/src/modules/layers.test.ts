import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The server's layers (modules/README.md): platform ← core ← the areas (the business: rights / finance /
// dashboard; the system administration, grouped by concern: identity / config / operations / messaging /
// reports), with features.ts, app.ts and the seed on top. Each rule is a value import that must not exist; `import type`
// is free (it leaves no trace at run time and makes no cycle). Test code (tests, fixtures, test kits,
// src/test) is exempt: it assembles the whole app on purpose.

const SRC = path.resolve(import.meta.dirname, '..');

const isTestCode = (file: string) => /\.(test|fixtures|testkit)\.ts$|(^|\/)test-fixtures\.ts$|^test\//.test(file);

function sourceFiles(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [path.relative(SRC, full).split(path.sep).join('/')] : [];
  });
}

const STATIC = /^\s*(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/gm;
const BARE = /^\s*import\s+['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** True when every name in `{ … }` is marked `type`. */
const typeOnlyList = (clause: string) => {
  const list = /^\{([\s\S]*)\}$/.exec(clause.trim());
  if (!list) return false;
  const names = list[1]
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((n) => n.startsWith('type '));
};

/** The files (relative to src) a source file imports by value. */
export function valueImports(file: string, text: string): string[] {
  const specs: string[] = [];
  for (const m of text.matchAll(STATIC)) if (!m[1] && !typeOnlyList(m[2])) specs.push(m[3]);
  for (const m of text.matchAll(BARE)) specs.push(m[1]);
  for (const m of text.matchAll(DYNAMIC)) specs.push(m[1]);
  return specs.filter((s) => s.startsWith('.')).map((s) => path.posix.normalize(path.posix.join(path.posix.dirname(file), s)));
}

type Rule = { name: string; from: RegExp; to: Pick<RegExp, 'test'> };

/**
 * Which group of the system administration may use which (modules/README.md "Layers"): each group names
 * what it may import from the other groups; anything else from another group breaks the rule. Nothing
 * imports messaging or reports, the two at the top.
 */
export const SYSTEM_GROUP_USES: Record<string, { may: RegExp; why: string }> = {
  identity: { may: /^modules\/operations\/log\//, why: 'only the log: sign-in and account changes write 登录日志 / 操作日志' },
  config: { may: /^modules\/identity\/depart\//, why: 'only the departments: the 部门编码 fill rule numbers the department tree' },
  operations: {
    may: /^modules\/(identity|config)\//,
    why: 'identity and config: the JeecgBoot import writes their tables, a data source seeds its 数据库类型 dictionary',
  },
  messaging: { may: /^modules\/identity\/sms\//, why: 'only the SMS outbox, one of a message’s channels' },
  reports: { may: /^modules\/(identity|config|operations)\//, why: 'a report’s menu and grants (identity), its data source (operations)' },
};

function systemGroupRules(): Rule[] {
  return Object.entries(SYSTEM_GROUP_USES).map(([group, { may, why }]) => {
    const others = Object.keys(SYSTEM_GROUP_USES).filter((g) => g !== group);
    const outside = new RegExp(`^modules\\/(${others.join('|')})\\/`);
    return {
      name: `${group} uses another system group for ${why}`,
      from: new RegExp(`^modules\\/${group}\\/`),
      to: { test: (to: string) => outside.test(to) && !may.test(to) },
    };
  });
}

const RULES: Rule[] = [
  { name: 'rights does not import finance', from: /^modules\/rights\//, to: /^modules\/finance\// },
  { name: 'finance does not import rights', from: /^modules\/finance\//, to: /^modules\/rights\// },
  {
    name: 'the core imports no area above it, nor features.ts or the seed',
    from: /^modules\/core\//,
    to: /^modules\/(?!core\/)[^/]+\/|^modules\/features\.ts$|^seed\//,
  },
  {
    name: 'the system administration imports no business area',
    from: /^modules\/(identity|config|operations|messaging|reports)\//,
    to: /^modules\/(rights|finance|dashboard)\//,
  },
  ...systemGroupRules(),
  { name: 'the platform imports no module, seed or app', from: /^platform\//, to: /^(modules|seed|test)\/|^app\.ts$/ },
  { name: 'ids are leaves', from: /^modules\/core\/ids\//, to: /./ },
];

const edges = sourceFiles()
  .filter((file) => !isTestCode(file))
  .flatMap((file) => valueImports(file, fs.readFileSync(path.join(SRC, file), 'utf8')).map((to) => ({ from: file, to })));

describe('the server layers: platform ← core ← the business areas and the system groups (value imports)', () => {
  it('reads the imports it checks (a rule checked against nothing would pass by accident)', () => {
    expect(edges.some((e) => e.from.startsWith('modules/rights/') && e.to.startsWith('modules/core/'))).toBe(true);
    expect(edges.some((e) => e.from.startsWith('modules/finance/') && e.to.startsWith('modules/core/'))).toBe(true);
    expect(edges.some((e) => e.from.startsWith('modules/identity/') && e.to.startsWith('modules/operations/log/'))).toBe(true);
    expect(edges.some((e) => e.from.startsWith('modules/reports/') && e.to.startsWith('modules/operations/'))).toBe(true);
    expect(
      valueImports(
        'modules/a/b.ts',
        "import type { X } from '../c/d.ts';\nimport { type Y } from './e.ts';\nimport {\n  f,\n  type G,\n} from '../../platform/h.ts';",
      ),
    ).toEqual(['platform/h.ts']);
  });

  for (const rule of RULES) {
    it(rule.name, () => {
      const broken = edges.filter((e) => rule.from.test(e.from) && rule.to.test(e.to)).map((e) => `${e.from} → ${e.to}`);
      expect(broken).toEqual([]);
    });
  }
});
