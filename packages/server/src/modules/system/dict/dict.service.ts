import { asc, eq, and } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { DictModel } from '@sbwq/contracts';
import { Msg } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import type { CacheHub } from '../../../platform/cache/cache.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { sysDict, sysDictItem } from './dict.table.ts';

const ALL_ITEMS_CACHE = 'dict:all';

/**
 * Table dictionaries the client may name (`table,text,code`). Only these triples are ever read: the
 * table and column names come from here, never from the request.
 */
const TABLE_DICTS: Record<string, { table: string; text: string; code: string; where?: string }> = {
  'sys_user,realname,username': { table: 'sys_user', text: 'realname', code: 'username', where: 'del_flag = 0' },
  'sys_user,realname,id': { table: 'sys_user', text: 'realname', code: 'id', where: 'del_flag = 0' },
  'sys_depart,depart_name,id': { table: 'sys_depart', text: 'depart_name', code: 'id', where: "del_flag = '0'" },
  'sys_depart,depart_name,org_code': { table: 'sys_depart', text: 'depart_name', code: 'org_code', where: "del_flag = '0'" },
  'sys_role,role_name,id': { table: 'sys_role', text: 'role_name', code: 'id' },
  'sys_role,role_name,role_code': { table: 'sys_role', text: 'role_name', code: 'role_code' },
};

function model(value: string, text: string): DictModel {
  return { value, text, title: text };
}

export class DictService {
  constructor(
    private readonly db: Db,
    private readonly cache: CacheHub,
  ) {}

  /** Enabled items of every dictionary, ordered by sort_order (queryAllDictItems, login's sysAllDictItems). */
  allItems(): Promise<Record<string, DictModel[]>> {
    return this.cache.get(ALL_ITEMS_CACHE, async () => {
      const found = await this.db
        .select({ code: sysDict.dictCode, value: sysDictItem.itemValue, text: sysDictItem.itemText })
        .from(sysDictItem)
        .innerJoin(sysDict, eq(sysDict.id, sysDictItem.dictId))
        .where(and(eq(sysDict.delFlag, 0), eq(sysDictItem.status, 1)))
        .orderBy(asc(sysDict.dictCode), asc(sysDictItem.sortOrder));
      const map: Record<string, DictModel[]> = {};
      for (const row of found) (map[row.code] ??= []).push(model(row.value, row.text));
      return map;
    });
  }

  /** getDictItems/{code}: a plain code gives all its items (status not filtered, as stock); a table code goes through the registry. */
  async items(code: string): Promise<DictModel[]> {
    const trimmed = code.trim();
    if (trimmed.includes(',')) return this.tableItems(trimmed);
    if (!/^[A-Za-z0-9_.-]{1,100}$/.test(trimmed)) throw new BizError(Msg.dictCodeBad);
    const found = await this.db
      .select({ value: sysDictItem.itemValue, text: sysDictItem.itemText })
      .from(sysDictItem)
      .innerJoin(sysDict, eq(sysDict.id, sysDictItem.dictId))
      .where(and(eq(sysDict.dictCode, trimmed), eq(sysDict.delFlag, 0)))
      .orderBy(asc(sysDictItem.sortOrder));
    return found.map((r) => model(r.value, r.text));
  }

  private async tableItems(code: string): Promise<DictModel[]> {
    const entry = TABLE_DICTS[code.replace(/\s+/g, '')];
    if (!entry) throw new BizError(Msg.dictTableNotAllowed);
    const where = entry.where ? sql.raw(`where ${entry.where}`) : sql``;
    const found = await rows<{ value: string; text: string }>(
      this.db,
      sql`select ${sql.identifier(entry.code)}::text as value, ${sql.identifier(entry.text)}::text as text
            from ${sql.identifier(entry.table)} ${where} order by 2 limit 5000`,
    );
    return found.map((r) => model(r.value, r.text));
  }

  invalidate(): Promise<void> {
    return this.cache.invalidate(ALL_ITEMS_CACHE);
  }
}
