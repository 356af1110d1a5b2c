import { inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SessionUser } from '../../../platform/auth/session.ts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { formatDateTime } from '../../../platform/db/time.ts';

/**
 * The tables whose records keep versions (issue #25 数据日志), by their SQL names: the business records, and
 * the configuration that decides who may do what and what runs (users, roles and their grants, reports,
 * gateway routes, data sources, scheduled jobs), so a change of either is in the hash chain.
 */
export const DataTable = {
  org: 'rights_org',
  right: 'rights_right',
  bank: 'rights_bank_account',
  batch: 'rights_batch',
  item: 'rights_batch_item',
  claim: 'fin_claim',
  pool: 'fin_capital_pool',
  user: 'sys_user',
  role: 'sys_role',
  /** a role's grants as one record (the role's id): each granted menu or button with its data rules */
  grant: 'sys_role_permission',
  /** a report as one record: its head and its fields and parameters */
  report: 'onl_cgreport_head',
  gatewayRoute: 'sys_gateway_route',
  dataSource: 'sys_data_source',
  job: 'sys_quartz_job',
  /** the evidence files of clue batches and claims (issue 39): each added or removed file with its SHA-256 */
  evidenceFile: 'sb_file_info',
} as const;
export type DataTableName = (typeof DataTable)[keyof typeof DataTable];

/** Who made a change: a signed-in user, or the demo seed's named people. */
export type Changer = Pick<SessionUser, 'username' | 'realname'>;

/** A change made by the server itself (a job run's status, a start-up task), not by a person. */
export const SYSTEM_CHANGER: Changer = { username: 'system', realname: '系统' };

type Values = Record<string, unknown>;

/** One record's change: before (undefined for a new record) and after (undefined for a removed one). */
export type Change = { id: string; before?: object | null; after?: object | null };

// The update stamp changes with every write; the version row has its own who and when.
const SKIPPED = new Set(['updateBy', 'updateTime']);

/** A record as a version keeps it: JSON values, dates as JeecgBoot writes them (GMT+8). */
export function snapshot(row: object): Values {
  const out: Values = {};
  for (const [k, v] of Object.entries(row)) {
    if (SKIPPED.has(k) || v === undefined) continue;
    out[k] = v instanceof Date ? formatDateTime(v) : v;
  }
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

type VersionRow = {
  id: string;
  op: 'add' | 'edit' | 'delete';
  fields: string[];
  old_values: Values | null;
  new_values: Values | null;
  data_content: Values;
  data_id: string;
};

/** The version row of one change, or null when nothing but the update stamp moved. */
function versionOf(c: Change): VersionRow | null {
  const before = c.before ? snapshot(c.before) : null;
  // `after` may be the update's set values only: the record as it now stands is before + those.
  const after = c.after ? { ...before, ...snapshot(c.after) } : null;
  if (!before && !after) return null;
  if (!before) return { id: newId(), data_id: c.id, op: 'add', fields: Object.keys(after!), old_values: null, new_values: after, data_content: after! };
  if (!after) return { id: newId(), data_id: c.id, op: 'delete', fields: Object.keys(before), old_values: before, new_values: null, data_content: before };
  const fields = Object.keys(after).filter((k) => !same(before[k], after[k]));
  if (!fields.length) return null;
  const pick = (v: Values) => Object.fromEntries(fields.map((k) => [k, v[k] ?? null]));
  return { id: newId(), data_id: c.id, op: 'edit', fields, old_values: pick(before), new_values: pick(after), data_content: after };
}

/**
 * Writes the versions of changed business records, inside the caller's transaction (the change and
 * its version commit together or not at all). One INSERT for all the records given, whatever their
 * number; each record's version number is its last one + 1, read in the same statement. The hash chain
 * is linked afterwards by `sealChain` (datalog-chain.ts), so a business transaction takes no lock here.
 */
export async function recordVersions(db: Db, who: Changer, table: DataTableName, changes: Change[], at = new Date()): Promise<void> {
  const versions = changes.map(versionOf).filter((v): v is VersionRow => v !== null);
  if (!versions.length) return;
  // The rows travel as one JSON parameter (drizzle would expand an array into a parameter per value).
  await db.execute(sql`
    insert into sys_data_log (id, data_table, data_id, data_version, op, fields, old_values, new_values, data_content, create_by, create_name, create_time)
    select x.id, ${table}, x.data_id,
           coalesce((select max(l.data_version) from sys_data_log l where l.data_table = ${table} and l.data_id = x.data_id), 0) + x.n,
           x.op, x.fields, x.old_values, x.new_values, x.data_content, ${who.username.slice(0, 32)}, ${(who.realname || who.username).slice(0, 100)}, ${at.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(versions.map((v, i) => ({ ...v, n: nth(versions, i) })))}::jsonb)
      as x(id text, data_id text, n int, op text, fields jsonb, old_values jsonb, new_values jsonb, data_content jsonb)`);
}

/** The same record twice in one call gets two versions: its n-th change there adds n to the last. */
function nth(versions: VersionRow[], i: number) {
  let n = 0;
  for (let j = 0; j <= i; j++) if (versions[j]!.data_id === versions[i]!.data_id) n++;
  return n;
}

/** `recordVersions` for one record. */
export function recordVersion(
  db: Db,
  who: Changer,
  table: DataTableName,
  id: string,
  before: object | null | undefined,
  after: object | null | undefined,
  at?: Date,
) {
  return recordVersions(db, who, table, [{ id, before, after }], at);
}

/** Reads records as their versions keep them, by id (a record not found is absent). */
export type VersionReader = (db: Db, ids: string[]) => Promise<Map<string, object>>;

/** The reader of a table whose rows are kept whole (no secret column), by its `id`. */
export function readById(table: PgTable & { id: PgColumn }): VersionReader {
  return async (db, ids) => {
    const found = (await db.select().from(table).where(inArray(table.id, ids))) as { id: string }[];
    return new Map(found.map((row) => [row.id, row]));
  };
}

/**
 * Runs `change` and records a version of each of `ids` that it changed, in one transaction: the records
 * are read before and after with `read`, so the caller names what changes, not how it looks. For the
 * configuration tables, whose writes are spread over many statements (a role's grants, a user's roles).
 */
export async function withVersions<T>(
  db: Db,
  who: Changer,
  table: DataTableName,
  ids: string[],
  read: VersionReader,
  change: (t: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (t) => {
    const before = ids.length ? await read(t, ids) : new Map<string, object>();
    const result = await change(t);
    const after = ids.length ? await read(t, ids) : new Map<string, object>();
    // whole records: a key gone since (a withdrawn grant) is a change to null, not a key left as it was
    const whole = (was?: object, now?: object) => (was && now ? { ...Object.fromEntries(Object.keys(was).map((k) => [k, null])), ...now } : now);
    await recordVersions(
      t,
      who,
      table,
      [...new Set(ids)].map((id) => ({ id, before: before.get(id) ?? null, after: whole(before.get(id), after.get(id)) ?? null })),
    );
    return result;
  });
}
