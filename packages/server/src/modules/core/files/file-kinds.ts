import { and, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../../platform/db/client.ts';

/** The organisation a linked record belongs to: an organisation's users see the files of their own records. */
export type FileOwner = { orgId: string; sysOrgCode: string | null };

/**
 * A kind of record that files are linked to (文件信息's 所属业务, `biz_type`), declared by the feature
 * that owns the record and registered from `features.ts`: the files module names and checks records
 * without importing the features.
 */
export type FileKind = {
  bizType: string;
  /** What each of these records is called (商标名称 + 注册号, 机构名称 …), by id: one query for a page's ids. */
  titles: (db: Db, ids: string[]) => Promise<[id: string, title: string][]>;
  /** Set when an upload may name such a record as its 所属业务: the record's organisation, undefined when it does not exist. */
  owner?: (db: Db, id: string) => Promise<FileOwner | undefined>;
  /**
   * What of these records still names the stored path in one of its file fields (受保护权利「…」), or
   * undefined: such a file cannot be deleted from 文件列表 until it is removed from the record.
   */
  uses?: (db: Db, filePath: string) => Promise<string | undefined>;
};

const kinds = new Map<string, FileKind>();

/** Called once per app with every feature's kinds; registering a kind again replaces it. */
export function registerFileKinds(list: FileKind[]): void {
  for (const kind of list) kinds.set(kind.bizType, kind);
}

/** The kind an upload may name, or undefined when the type is not one. */
export const uploadKind = (bizType: string) => (kinds.get(bizType)?.owner ? kinds.get(bizType) : undefined);

/**
 * What each linked record is called, keyed `type:id`, so that 文件信息 names the record and not just its
 * module. One query per type over the page's ids.
 */
export async function bizTitles(db: Db, files: { bizType: string | null; bizId: string | null }[]): Promise<Map<string, string>> {
  const titles = new Map<string, string>();
  for (const kind of kinds.values()) {
    const ids = [...new Set(files.filter((f) => f.bizType === kind.bizType && f.bizId).map((f) => f.bizId!))];
    if (!ids.length) continue;
    for (const [id, title] of await kind.titles(db, ids)) titles.set(`${kind.bizType}:${id}`, title);
  }
  return titles;
}

/**
 * A `uses` for records whose file fields hold comma-separated stored paths: the title of the first live
 * row naming `filePath` in one of `columns`. Matched as a whole item of the list, so `a.png` is not
 * found in `ba.png`.
 */
export function namedIn(from: { table: PgTable; columns: AnyPgColumn[]; live: SQL; title: SQL<string>; what: string }) {
  return async (db: Db, filePath: string): Promise<string | undefined> => {
    const item = `,${filePath},`;
    const names = from.columns.map((c) => sql`position(${item} in ',' || coalesce(${c}, '') || ',') > 0`);
    const [row] = await db
      .select({ title: from.title })
      .from(from.table)
      .where(and(from.live, sql`(${sql.join(names, sql` or `)})`))
      .limit(1);
    return row ? `${from.what}「${row.title}」` : undefined;
  };
}

/** The first record that still names the stored file, as 文件列表 words it, or undefined when none does. */
export async function fileUsedBy(db: Db, filePath: string): Promise<string | undefined> {
  for (const kind of kinds.values()) {
    const used = await kind.uses?.(db, filePath);
    if (used) return used;
  }
  return undefined;
}
