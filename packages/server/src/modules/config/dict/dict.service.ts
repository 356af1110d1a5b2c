import { and, asc, eq } from 'drizzle-orm';
import { sql, type SQL } from 'drizzle-orm';
import type { DictModel, TreeSelectNode } from '@sbwq/contracts';
import { DictMsg, Msg } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import type { CacheHub } from '../../../platform/cache/cache.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { escapeLike } from '../../../platform/list/list-query.ts';
import { sysDict, sysDictItem, sysTableDict } from './dict.table.ts';
import { checkTableDict, treeDictSpec, type ResolvedTableDict } from './table-dict.registry.ts';

const CACHE = {
  /** enabled items of every dictionary: queryAllDictItems, login's sysAllDictItems */
  all: 'dict:all',
  /** code → value → text, all items (a disabled item still names its old values) */
  texts: 'dict:texts',
  /** enabled table-dictionary registrations, keyed by their code */
  tables: 'dict:tables',
} as const;

const PLAIN_CODE = /^[A-Za-z0-9_.-]{1,100}$/;
/** How many rows a table dictionary answers at most (getDictItems) and how many a search answers (loadDict). */
const TABLE_ITEMS_LIMIT = 5000;
export const LOAD_DICT_LIMIT = 50;
const TRANSLATE_MAX_VALUES = 1000;

type Registration = { tableName: string; textField: string; codeField: string; filterKey: string | null };

function model(value: string, text: string): DictModel {
  return { value, text, title: text };
}

/** A table dictionary's code (`table,text,code`), as opposed to a plain dictionary code. */
export const isTableDictCode = (code: string) => code.includes(',');

/** `table,text,code` with blanks around the parts removed; null when the code is a plain dictionary code. */
function tableParts(code: string): string[] | null {
  if (!code.includes(',')) return null;
  return code.split(',').map((p) => p.trim());
}

export class DictService {
  constructor(
    private readonly db: Db,
    private readonly cache: CacheHub,
  ) {}

  /** Enabled items of every dictionary, ordered by sort_order (queryAllDictItems, login's sysAllDictItems). */
  allItems(): Promise<Record<string, DictModel[]>> {
    return this.cache.get(CACHE.all, async () => {
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
    const parts = tableParts(trimmed);
    if (parts) return this.tableItems(await this.resolve(parts));
    if (!PLAIN_CODE.test(trimmed)) throw new BizError(Msg.dictCodeBad);
    // Every screen asks for its columns' dictionaries: served from the cached items that translate them.
    const all = await this.allTexts();
    return (Object.hasOwn(all, trimmed) ? all[trimmed]! : []).map(([value, text]) => model(value, text));
  }

  /** loadDict/{table,text,code}?keyword=: registered table dictionary rows whose text contains the keyword. */
  async search(code: string, keyword: string, limit = LOAD_DICT_LIMIT): Promise<DictModel[]> {
    const entry = await this.resolve(this.threeParts(code));
    const conditions: SQL[] = [];
    if (entry.filter) conditions.push(entry.filter);
    if (keyword !== '') conditions.push(sql`${sql.identifier(entry.text)}::text ilike ${`%${escapeLike(keyword)}%`}`);
    return this.selectPairs(entry, conditions, limit);
  }

  /** loadDictItem/{table,text,code}?key=k1,k2: the texts of the keys, in key order; unknown keys are skipped. */
  async textsOf(code: string, keys: string[]): Promise<string[]> {
    const parts = this.threeParts(code);
    const texts = await this.translate(parts.join(','), keys);
    return keys.filter((k) => texts.has(k)).map((k) => texts.get(k)!);
  }

  /** getDictText/{dictCode}/{key}: the text of one value, or null. */
  async textOf(code: string, key: string): Promise<string | null> {
    return (await this.translate(code, [key])).get(key) ?? null;
  }

  /**
   * value → text for a plain dictionary code or a registered table dictionary. Other modules use this to
   * fill `<field>_dictText`; a table dictionary's fixed filter is not applied here, so a row that has since
   * been disabled still shows its name.
   */
  async translate(code: string, values: string[]): Promise<Map<string, string>> {
    const wanted = [...new Set(values.map(String).filter((v) => v !== ''))];
    if (wanted.length > TRANSLATE_MAX_VALUES) throw new BizError('一次翻译的值过多', 500, 400);
    const trimmed = code.trim();
    const parts = tableParts(trimmed);
    if (!parts) {
      const texts = await this.dictTexts(trimmed);
      return new Map(wanted.filter((v) => texts.has(v)).map((v) => [v, texts.get(v)!]));
    }
    if (wanted.length === 0) return new Map();
    const entry = await this.resolve(parts);
    const keys = sql.join(
      wanted.map((v) => sql`${v}`),
      sql`, `,
    );
    const found = await this.selectPairs(entry, [sql`${sql.identifier(entry.code)}::text in (${keys})`], wanted.length);
    return new Map(found.map((r) => [r.value, r.text]));
  }

  /** value → text of a plain dictionary (all items, enabled or not); empty for an unknown code. */
  async dictTexts(code: string): Promise<Map<string, string>> {
    if (!PLAIN_CODE.test(code)) throw new BizError(Msg.dictCodeBad);
    const all = await this.allTexts();
    return new Map(Object.hasOwn(all, code) ? all[code] : []);
  }

  /** Every dictionary's items (enabled or not) as [value, text] in sort order, by code. */
  private allTexts(): Promise<Record<string, [string, string][]>> {
    return this.cache.get(CACHE.texts, async () => {
      const found = await this.db
        .select({ code: sysDict.dictCode, value: sysDictItem.itemValue, text: sysDictItem.itemText })
        .from(sysDictItem)
        .innerJoin(sysDict, eq(sysDict.id, sysDictItem.dictId))
        .where(eq(sysDict.delFlag, 0))
        .orderBy(asc(sysDictItem.sortOrder));
      const map: Record<string, [string, string][]> = {};
      for (const row of found) (map[row.code] ??= []).push([row.value, row.text]);
      return map;
    });
  }

  /**
   * Adds `<field>_dictText` to each record for the given field → dictionary code map (JEECG-API §6.2):
   * comma-separated values are translated one by one and joined with `,`; unknown values are skipped.
   */
  async withDictText<T extends Record<string, unknown>>(records: T[], fields: Record<string, string>): Promise<(T & Record<string, string>)[]> {
    const out = records.map((r) => ({ ...r })) as (T & Record<string, string>)[];
    for (const [field, code] of Object.entries(fields)) {
      const values = new Set<string>();
      for (const r of records) for (const v of splitValue(r[field])) values.add(v);
      const texts = await this.translate(code, [...values]);
      for (const r of out) {
        (r as Record<string, string>)[`${field}_dictText`] = splitValue(r[field])
          .filter((v) => texts.has(v))
          .map((v) => texts.get(v))
          .join(',');
      }
    }
    return out;
  }

  /**
   * loadTreeData (the stock JTreeSelect): one level of a registered table dictionary's tree. The table,
   * text and code must be a registered table dictionary, the parent and has-child columns those the tree
   * registry names, and `condition` a JSON object of registry columns to values; every value is bound.
   */
  async treeLevel(query: TreeLevelQuery): Promise<TreeSelectNode[]> {
    const entry = await this.resolve([query.tableName, query.text, query.code].map((p) => p.trim()));
    const tree = treeDictSpec(entry.table);
    if (!tree) throw new BizError(DictMsg.treeTableNotAllowed);
    const pidField = query.pidField.trim() || tree.pidField;
    if (pidField !== tree.pidField) throw new BizError(DictMsg.treeFieldNotAllowed);
    const hasChildField = query.hasChildField.trim();
    if (hasChildField !== '' && hasChildField !== tree.hasChildField) throw new BizError(DictMsg.treeFieldNotAllowed);
    const conditions: SQL[] = [];
    if (tree.always) conditions.push(tree.always);
    if (entry.filter) conditions.push(entry.filter);
    const pid = sql.identifier(pidField);
    conditions.push(query.pid === '' ? sql`(${pid} = '' or ${pid} is null)` : sql`${pid} = ${query.pid}`);
    for (const [column, value] of Object.entries(treeCondition(query.condition))) {
      if (!tree.conditionColumns.includes(column)) throw new BizError(DictMsg.treeConditionNotAllowed);
      conditions.push(sql`${sql.identifier(column)}::text = ${value}`);
    }
    const code = sql.identifier(entry.code);
    // Without a has-child column a node is a leaf when no row names it as parent (the same table, bound columns).
    const leaf = tree.hasChildField
      ? sql`coalesce(${sql.identifier(tree.hasChildField)}, '0') <> '1'`
      : sql`not exists (select 1 from ${sql.identifier(entry.table)} c where c.${pid} = t.${code}::text)`;
    const where = sql.join(
      conditions.map((c) => sql`(${c})`),
      sql` and `,
    );
    const found = await rows<{ key: string; title: string | null; parent_id: string | null; leaf: boolean }>(
      this.db,
      sql`select t.${code}::text as key, t.${sql.identifier(entry.text)}::text as title, t.${pid}::text as parent_id, ${leaf} as leaf
            from ${sql.identifier(entry.table)} t where ${where} order by 2, 1 limit ${TABLE_ITEMS_LIMIT}`,
    );
    return found.map((r) => ({ key: r.key, value: r.key, title: r.title ?? '', parentId: r.parent_id, isLeaf: Boolean(r.leaf), leaf: Boolean(r.leaf) }));
  }

  invalidate(): Promise<void> {
    return Promise.all(Object.values(CACHE).map((name) => this.cache.invalidate(name))).then(() => undefined);
  }

  private threeParts(code: string): string[] {
    const parts = tableParts(code.trim());
    if (!parts || parts.length !== 3 || parts.some((p) => p === '')) throw new BizError(Msg.dictCodeBad);
    return parts;
  }

  /** The registration named by the whole code, checked against the allow-list again; anything else is refused. */
  private async resolve(parts: string[]): Promise<ResolvedTableDict> {
    const registrations = await this.cache.get(CACHE.tables, async () => {
      const found = await this.db
        .select({
          code: sysTableDict.code,
          tableName: sysTableDict.tableName,
          textField: sysTableDict.textField,
          codeField: sysTableDict.codeField,
          filterKey: sysTableDict.filterKey,
        })
        .from(sysTableDict)
        .where(eq(sysTableDict.enabled, 1));
      return new Map<string, Registration>(found.map((r) => [r.code, r]));
    });
    const registration = parts.length === 3 ? registrations.get(parts.join(',')) : undefined;
    if (!registration) throw new BizError(Msg.dictTableNotAllowed);
    try {
      return checkTableDict(registration);
    } catch {
      // A registration the allow-list no longer covers is as good as none.
      throw new BizError(Msg.dictTableNotAllowed);
    }
  }

  private async tableItems(entry: ResolvedTableDict): Promise<DictModel[]> {
    return this.selectPairs(entry, entry.filter ? [entry.filter] : [], TABLE_ITEMS_LIMIT);
  }

  private async selectPairs(entry: ResolvedTableDict, conditions: SQL[], limit: number): Promise<DictModel[]> {
    const where = conditions.length
      ? sql`where ${sql.join(
          conditions.map((c) => sql`(${c})`),
          sql` and `,
        )}`
      : sql``;
    const found = await rows<{ value: string; text: string }>(
      this.db,
      sql`select ${sql.identifier(entry.code)}::text as value, ${sql.identifier(entry.text)}::text as text
            from ${sql.identifier(entry.table)} ${where} order by 2, 1 limit ${limit}`,
    );
    return found.map((r) => model(r.value, r.text ?? ''));
  }
}

export type TreeLevelQuery = { tableName: string; text: string; code: string; pidField: string; pid: string; hasChildField: string; condition: string };

/** `condition` of loadTreeData: a JSON object of column → string or number; anything else is refused. */
function treeCondition(text: string): Record<string, string> {
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BizError(DictMsg.treeConditionNotAllowed);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new BizError(DictMsg.treeConditionNotAllowed);
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== 'string' && typeof value !== 'number') throw new BizError(DictMsg.treeConditionNotAllowed);
    out[key] = String(value);
  }
  return out;
}

function splitValue(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  return String(value)
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
}
