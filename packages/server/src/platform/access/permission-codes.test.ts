import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { declaredPermissionCodes } from '@sbwq/contracts';
import { createTestApp } from '../../test/harness.ts';
import { sysPermission } from '../../modules/identity/permission/permission.table.ts';
import { repoRoot } from '../paths.ts';

/** Every `a:b:c` string literal in the web sources: a code typed by hand instead of taken from contracts. */
function webLiteralCodes(): Map<string, string> {
  const found = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) {
        for (const m of readFileSync(path, 'utf8').matchAll(/['"`]((?:system|rights|isystem|finance|pool|claim|clue)(?::[A-Za-z]+){2,})['"`]/g))
          found.set(m[1], path);
      }
    }
  };
  walk(join(repoRoot, 'packages/web/src'));
  return found;
}

describe('§6 permission codes come from one source and are all seeded', async () => {
  const t = await createTestApp();
  const seeded = new Set(
    (await t.database.db.select({ perms: sysPermission.perms }).from(sysPermission)).flatMap((row) => (row.perms ?? '').split(',').map((code) => code.trim())),
  );

  it('every permission a route declares is a seeded button row (a typo would lock the route for everybody)', () => {
    expect(t.routes.length).toBeGreaterThan(100);
    const missing = t.routes
      .map((route) => ({ url: route.url, permission: (route.config as { permission?: string } | undefined)?.permission }))
      .filter((route) => route.permission)
      .flatMap((route) => route.permission!.split(',').map((code) => ({ url: route.url, code: code.trim() })))
      .filter((route) => !seeded.has(route.code));
    expect(missing).toEqual([]);
  });

  it('every code declared in contracts (permCodes) is seeded, so the screens that check it can be granted', () => {
    expect(declaredPermissionCodes().length).toBeGreaterThan(0);
    expect(declaredPermissionCodes().filter((code) => !seeded.has(code))).toEqual([]);
  });

  it('every code the web checks by a literal string is seeded (a typo would hide a button silently)', () => {
    const literals = webLiteralCodes();
    const missing = [...literals].filter(([code]) => !seeded.has(code)).map(([code, file]) => `${code} (${file})`);
    expect(missing).toEqual([]);
  });
});
