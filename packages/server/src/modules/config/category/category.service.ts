import { and, asc, eq, inArray, notInArray } from 'drizzle-orm';
import type { CategoryAddBody, CategoryEditBody, CategoryRecord, CategoryTreeNode, Page } from '@sbwq/contracts';
import { CATEGORY_ROOT_PID, CategoryMsg } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import type { ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { splitIds } from '../../../platform/http/ids.ts';
import { fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import { created, updated } from '../../../platform/db/audit.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import { isUniqueViolation } from '../../../platform/db/errors.ts';
import { sysCategory } from './category.table.ts';

export const categoryWhitelist: ListResource = {
  table: sysCategory,
  fields: fieldsOf(sysCategory, { pid: 'string', name: 'string', code: 'string', createTime: 'datetime' }),
  defaultSort: { field: 'code', order: 'asc' },
};

type Row = typeof sysCategory.$inferSelect;
const record = (row: Row): CategoryRecord => withDateTexts(row) as CategoryRecord;
const rootOr = (pid: string | null | undefined) => (pid && pid.trim() !== '' ? pid.trim() : CATEGORY_ROOT_PID);

/**
 * Codes grow one segment per level, as JeecgBoot's org codes do: a segment is a letter and two digits
 * (A01 … A99, B01 … Z99), so a root is `A01` and its second child `A01A02`.
 */
export function nextSegment(siblingSegments: string[]): string {
  const max = siblingSegments
    .filter((s) => /^[A-Z]\d{2}$/.test(s) && s.slice(1) !== '00')
    .sort()
    .at(-1);
  if (!max) return 'A01';
  const letter = max.charCodeAt(0);
  const n = Number(max.slice(1));
  if (n < 99) return `${max[0]}${String(n + 1).padStart(2, '0')}`;
  if (letter < 90) return `${String.fromCharCode(letter + 1)}01`;
  throw new BizError(CategoryMsg.levelFull);
}

/** The code the next category under `pid` gets (also 填值规则's CategoryCodeRule). */
export async function nextCategoryCode(db: Db, pid: string, parentCode: string): Promise<string> {
  const siblings = await db.select({ code: sysCategory.code }).from(sysCategory).where(eq(sysCategory.pid, pid));
  const segments = siblings
    .map((s) => s.code)
    .filter((c) => c.length === parentCode.length + 3 && c.startsWith(parentCode))
    .map((c) => c.slice(parentCode.length));
  return parentCode + nextSegment(segments);
}

export async function rootList({ db }: ResourceCtx, params: ListParams): Promise<Page<CategoryRecord>> {
  const query = { ...params, pid: rootOr(typeof params.pid === 'string' ? params.pid : undefined) };
  const page = await pageOf<Row>(db, categoryWhitelist, query, { tieBreak: sysCategory.id });
  return { ...page, records: page.records.map(record) };
}

export async function childList({ db }: ResourceCtx, { pid }: { pid: string }): Promise<CategoryRecord[]> {
  const found = await db
    .select()
    .from(sysCategory)
    .where(eq(sysCategory.pid, rootOr(pid)))
    .orderBy(asc(sysCategory.code));
  return found.map(record);
}

export async function categoryById({ db }: ResourceCtx, id: string): Promise<CategoryRecord> {
  const [row] = await db.select().from(sysCategory).where(eq(sysCategory.id, id));
  if (!row) throw new BizError(CategoryMsg.notFound);
  return record(row);
}

/** Adds a category under pid ("0" for a root) with a generated code; a code race is retried. */
export async function addCategory({ db, user }: ResourceCtx, body: CategoryAddBody): Promise<CategoryRecord> {
  const pid = rootOr(body.pid);
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        let parentCode = '';
        if (pid !== CATEGORY_ROOT_PID) {
          const [parent] = await tx.select().from(sysCategory).where(eq(sysCategory.id, pid));
          if (!parent) throw new BizError(CategoryMsg.parentMissing);
          parentCode = parent.code;
          if (parent.hasChild !== '1') await tx.update(sysCategory).set({ hasChild: '1' }).where(eq(sysCategory.id, pid));
        }
        const code = await nextCategoryCode(tx, pid, parentCode);
        const [row] = await tx
          .insert(sysCategory)
          .values({ id: newId(), pid, name: body.name, code, hasChild: '0', sysOrgCode: user?.orgCode ?? null, ...created(user) })
          .returning();
        return record(row);
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

/** Only the name changes: the code was generated from the place in the tree, which stays. */
export async function editCategory({ db, user }: ResourceCtx, body: CategoryEditBody): Promise<void> {
  const [row] = await db.select().from(sysCategory).where(eq(sysCategory.id, body.id));
  if (!row) throw new BizError(CategoryMsg.notFound);
  if (body.pid !== undefined && body.pid !== null && rootOr(body.pid) !== row.pid) throw new BizError(CategoryMsg.pidReadonly);
  if (body.code && body.code !== row.code) throw new BizError(CategoryMsg.codeReadonly);
  await db
    .update(sysCategory)
    .set({ name: body.name, ...updated(user) })
    .where(eq(sysCategory.id, body.id));
}

/** Deletes categories that have no children outside the selection, then corrects the parents' has_child. */
export async function deleteCategories({ db }: ResourceCtx, ids: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    const found = await tx.select({ id: sysCategory.id, pid: sysCategory.pid }).from(sysCategory).where(inArray(sysCategory.id, ids));
    if (found.length === 0) throw new BizError(CategoryMsg.notFound);
    const [child] = await tx
      .select({ id: sysCategory.id })
      .from(sysCategory)
      .where(and(inArray(sysCategory.pid, ids), notInArray(sysCategory.id, ids)))
      .limit(1);
    if (child) throw new BizError(CategoryMsg.hasChildren);
    await tx.delete(sysCategory).where(inArray(sysCategory.id, ids));
    const parents = [...new Set(found.map((f) => f.pid))].filter((p) => p !== CATEGORY_ROOT_PID && !ids.includes(p));
    for (const parent of parents) {
      const [left] = await tx.select({ id: sysCategory.id }).from(sysCategory).where(eq(sysCategory.pid, parent)).limit(1);
      if (!left) await tx.update(sysCategory).set({ hasChild: '0' }).where(eq(sysCategory.id, parent));
    }
  });
}

// ---- pickers ----

const node = (row: Row): CategoryTreeNode => ({
  key: row.id,
  title: row.name,
  value: row.id,
  code: row.code,
  parentId: row.pid,
  isLeaf: row.hasChild !== '1',
});

/** The id of the category with this code ("" or "0" is the root). */
async function pidOfCode(db: Db, pcode: string | undefined): Promise<string> {
  if (!pcode || pcode === CATEGORY_ROOT_PID) return CATEGORY_ROOT_PID;
  const [row] = await db.select({ id: sysCategory.id }).from(sysCategory).where(eq(sysCategory.code, pcode));
  if (!row) throw new BizError(`该编码【${pcode.slice(0, 100)}】不存在，请核实!`);
  return row.id;
}

/** loadTreeChildren?pid=: the children of one node. */
export const treeChildren = ({ db }: ResourceCtx, { pid }: { pid: string }) => childrenOf(db, pid);

async function childrenOf(db: Db, pid: string): Promise<CategoryTreeNode[]> {
  const found = await db
    .select()
    .from(sysCategory)
    .where(eq(sysCategory.pid, rootOr(pid)))
    .orderBy(asc(sysCategory.code));
  return found.map(node);
}

/** The whole subtree under pid, nested; one query, since codes carry the hierarchy. */
async function subtree(db: Db, pid: string): Promise<CategoryTreeNode[]> {
  const all = await db.select().from(sysCategory).orderBy(asc(sysCategory.code));
  const byParent = new Map<string, Row[]>();
  for (const row of all) {
    const list = byParent.get(row.pid);
    if (list) list.push(row);
    else byParent.set(row.pid, [row]);
  }
  const build = (parent: string, depth: number): CategoryTreeNode[] =>
    (byParent.get(parent) ?? []).map((row) => {
      const n = node(row);
      const kids = depth < 20 ? build(row.id, depth + 1) : [];
      return kids.length ? { ...n, isLeaf: false, children: kids } : { ...n, isLeaf: true };
    });
  return build(pid, 0);
}

/** loadTreeRoot?async=&pcode=: the nodes under pcode; with async=false their whole subtrees too. */
export async function treeRoot({ db }: ResourceCtx, query: { pcode?: string; async: 'true' | 'false' }): Promise<CategoryTreeNode[]> {
  const pid = await pidOfCode(db, query.pcode);
  return query.async === 'true' ? childrenOf(db, pid) : subtree(db, pid);
}

/** loadTreeData?pcode=: the whole tree (or the subtree under pcode), nested. */
export async function treeData({ db }: ResourceCtx, { pcode }: { pcode?: string }): Promise<CategoryTreeNode[]> {
  return subtree(db, await pidOfCode(db, pcode));
}

/** loadDictItem?ids=: names in the order of the ids; unknown ids are skipped. */
export async function namesOf({ db }: ResourceCtx, query: { ids: string }): Promise<string[]> {
  const ids = splitIds(query.ids);
  if (ids.length === 0) return [];
  const found = await db.select({ id: sysCategory.id, name: sysCategory.name }).from(sysCategory).where(inArray(sysCategory.id, ids));
  const names = new Map(found.map((f) => [f.id, f.name]));
  return ids.filter((id) => names.has(id)).map((id) => names.get(id)!);
}

export const resource = { byId: categoryById, add: addCategory, edit: editCategory, remove: deleteCategories };
