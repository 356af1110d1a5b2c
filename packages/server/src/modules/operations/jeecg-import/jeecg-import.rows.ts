import { eq, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { RowDataPacket } from 'mysql2/promise';
import { mysqlDriver } from '../datasource/datasource.connect.ts';
import type { Db } from '../../../platform/db/client.ts';
import { withVersions, type Changer, type DataTableName, type VersionReader } from '../../core/datalog/datalog.service.ts';

/**
 * Import of a JeecgBoot 2.3 database (issue 40), read-only on the source (SELECTs only).
 *
 * The conflict rule, per table group: a source row whose id exists here with the same natural key (org code,
 * position code, role code, username, dictionary code, item value) is the same row (a previous import, or one
 * both systems seed alike) and is updated where it differs; a natural key taken here under another id keeps
 * ours, skips theirs and lists it — links to it (a user's roles and departments, a dictionary's items) go to
 * ours; an id taken here by another key skips theirs. Our `admin` user is never changed.
 */
export type GroupReport = { group: string; source: number; added: number; updated: number; unchanged: number; skipped: number };
export type ImportReport = { dryRun: boolean; groups: GroupReport[]; conflicts: string[]; notImported: string[] };

export type SourceRow = Record<string, unknown>;
export type Source = { rows: (table: string) => Promise<SourceRow[]>; probe: () => Promise<void>; close: () => Promise<void> };
export type SourceAddress = string | { host: string; port: number; database: string; user: string; password: string };

/** The source database from its mysql:// URL or its parts; every read is a SELECT of a fixed table name of the stock schema. */
export async function openSource(address: SourceAddress): Promise<Source> {
  const options = { dateStrings: true, supportBigNumbers: true, bigNumberStrings: true, connectTimeout: 10_000 } as const;
  const conn = await mysqlDriver().createConnection(typeof address === 'string' ? { uri: address, ...options } : { ...address, ...options });
  return {
    rows: async (table) => {
      if (!STOCK_TABLES.has(table)) throw new Error(`not a stock table: ${table}`);
      const [rows] = await conn.query<RowDataPacket[]>(`SELECT * FROM \`${table}\``);
      return rows as SourceRow[];
    },
    // a JeecgBoot database has its user table (ER_NO_SUCH_TABLE otherwise)
    probe: async () => void (await conn.query('SELECT 1 FROM `sys_user` LIMIT 1')),
    close: () => conn.end(),
  };
}

const STOCK_TABLES = new Set([
  'sys_category',
  'sys_permission',
  'sys_role_permission',
  'sys_depart',
  'sys_position',
  'sys_role',
  'sys_user',
  'sys_user_role',
  'sys_user_depart',
  'sys_dict',
  'sys_dict_item',
  'sys_permission_data_rule',
  'sys_fill_rule',
  'sys_check_rule',
  'sys_announcement',
  'sys_announcement_send',
  'sys_tenant',
  'sys_quartz_job',
]);

/** JeecgBoot writes local times of a Chinese installation (DATETIME, no zone): read as +08:00. */
export function time(v: unknown): Date | null {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(v)) return null;
  const d = new Date(`${v.replace(' ', 'T')}+08:00`);
  return Number.isNaN(d.getTime()) ? null : d;
}
export const str = (v: unknown, max = 255): string | null => (v === null || v === undefined || v === '' ? null : String(v).slice(0, max));
export const int = (v: unknown, fallback: number): number => (v === null || v === undefined || v === '' || Number.isNaN(Number(v)) ? fallback : Number(v));
export const audit = (r: SourceRow) => ({
  createBy: str(r.create_by, 32),
  createTime: time(r.create_time),
  updateBy: str(r.update_by, 32),
  updateTime: time(r.update_time),
});

const same = (a: unknown, b: unknown) => {
  const norm = (v: unknown) => (v instanceof Date ? v.getTime() : v === undefined ? null : v);
  return norm(a) === norm(b) || (norm(a) !== null && norm(b) !== null && String(norm(a)) === String(norm(b)));
};

export type Ctx = { db: Db; dryRun: boolean; report: ImportReport };

/** Who the data log names for what the import wrote. */
const IMPORTER: Changer = { username: 'jeecg-import', realname: 'JeecgBoot 导入' };
type Versions = { table: DataTableName; read: VersionReader };

/**
 * One table group's rows under the conflict rule above; answers source id → our id (null: not brought in).
 * `protect` names rows of ours that are never changed.
 */
export async function upsert<T extends PgTable & { id: unknown }>(
  ctx: Ctx,
  group: string,
  table: T,
  keyField: string,
  rows: (Record<string, unknown> & { id: string })[],
  protect: (existing: Record<string, unknown>) => boolean = () => false,
  keyWhere?: (row: Record<string, unknown>) => SQL | undefined,
  keepOnUpdate: string[] = [],
  /** a row's links to rows of the same group already placed (a department's parent) */
  remap: (row: Record<string, unknown> & { id: string }, map: Map<string, string | null>) => Record<string, unknown> & { id: string } = (row) => row,
  versions?: Versions,
): Promise<Map<string, string | null>> {
  const g: GroupReport = { group, source: rows.length, added: 0, updated: 0, unchanged: 0, skipped: 0 };
  ctx.report.groups.push(g);
  const map = new Map<string, string | null>();
  const t = table as unknown as Record<string, never> & PgTable;
  const run = async (db: Db) => {
    for (const source of rows) {
      const row = remap(source, map);
      const [byId] = (await db.select().from(t).where(eq(t.id, row.id))) as Record<string, unknown>[];
      if (byId) {
        if (byId[keyField] !== row[keyField] || protect(byId)) {
          g.skipped++;
          map.set(row.id, null);
          ctx.report.conflicts.push(
            `${group} ${String(row[keyField])}：${protect(byId) ? '本系统保留的记录，未覆盖' : `编号 ${row.id} 已被本系统的「${String(byId[keyField])}」使用，未导入`}`,
          );
          continue;
        }
        map.set(row.id, row.id);
        const changes = Object.fromEntries(Object.entries(row).filter(([k, v]) => !keepOnUpdate.includes(k) && !same(byId[k], v)));
        if (Object.keys(changes).length === 0) {
          g.unchanged++;
          continue;
        }
        g.updated++;
        if (!ctx.dryRun)
          await db
            .update(t)
            .set(changes as never)
            .where(eq(t.id, row.id));
        continue;
      }
      const [byKey] = (await db
        .select()
        .from(t)
        .where(keyWhere ? keyWhere(row) : eq(t[keyField], row[keyField] as never))) as Record<string, unknown>[];
      if (byKey) {
        g.skipped++;
        map.set(row.id, String(byKey.id));
        ctx.report.conflicts.push(`${group} ${String(row[keyField])}：本系统已有同名记录，保留本系统的，关联改指向它`);
        continue;
      }
      g.added++;
      map.set(row.id, row.id);
      if (!ctx.dryRun) await db.insert(t).values(row as never);
    }
  };
  if (ctx.dryRun) await run(ctx.db);
  // the data log records each user and role the import added or changed, in the group's transaction
  else if (versions)
    await withVersions(
      ctx.db,
      IMPORTER,
      versions.table,
      rows.map((r) => r.id),
      versions.read,
      run,
    );
  else await ctx.db.transaction((tx) => run(tx as unknown as Db));
  return map;
}

/** Link rows (user ↔ role, user ↔ department): added when both ends were brought in and the link is new. */
export async function link(
  ctx: Ctx,
  group: string,
  rows: SourceRow[],
  make: (r: SourceRow) => Record<string, string> | null,
  table: PgTable,
  exists: (db: Db, v: Record<string, string>) => Promise<boolean>,
) {
  const g: GroupReport = { group, source: rows.length, added: 0, updated: 0, unchanged: 0, skipped: 0 };
  ctx.report.groups.push(g);
  const run = async (db: Db) => {
    for (const r of rows) {
      const v = make(r);
      if (!v) {
        g.skipped++;
        continue;
      }
      if (await exists(db, v)) {
        g.unchanged++;
        continue;
      }
      g.added++;
      if (!ctx.dryRun)
        await db
          .insert(table)
          .values({ id: String(r.id ?? r.ID), ...v } as never)
          .onConflictDoNothing();
    }
  };
  if (ctx.dryRun) await run(ctx.db);
  else await ctx.db.transaction((tx) => run(tx as unknown as Db));
}
