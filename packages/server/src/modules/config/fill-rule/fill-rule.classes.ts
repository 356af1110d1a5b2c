import { and, eq } from 'drizzle-orm';
import { CATEGORY_ROOT_PID, FILL_RULE_CLASSES, fillRuleClassError, SEQUENCE_RULE_CLASS, type FillRuleClass } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { nextChildOrgCode } from '../../identity/depart/depart.service.ts';
import { sysDepart } from '../../identity/depart/depart.table.ts';
import { nextCategoryCode } from '../category/category.service.ts';
import { sysCategory } from '../category/category.table.ts';

/**
 * The stock client's 规则实现类 as a fixed registry: each stock class name maps to a generator written
 * here. JeecgBoot loaded the named class by reflection; a name outside this table is refused, so what an
 * admin types never selects code to run. 规则参数 are read as plain data (a string field or two).
 */
export const isFillRuleClass = (name: string): name is FillRuleClass => Object.hasOwn(FILL_RULE_CLASSES, name);

export function ruleClassOf(stored: string | null): FillRuleClass {
  if (stored === null || stored === '') return SEQUENCE_RULE_CLASS;
  if (!isFillRuleClass(stored)) throw new BizError(fillRuleClassError(stored));
  return stored;
}

/** One string parameter of 规则参数; anything but a string or number is ignored, as JeecgBoot's toString. */
function paramOf(params: string | null, key: string): string {
  if (!params) return '';
  const value: unknown = (JSON.parse(params) as Record<string, unknown>)[key];
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
}

/** CategoryCodeRule: the code a new category under `pid` would get ("0" or empty: a root). */
async function categoryCode(db: Db, params: string | null): Promise<string> {
  const pid = paramOf(params, 'pid') || CATEGORY_ROOT_PID;
  let parentCode = '';
  if (pid !== CATEGORY_ROOT_PID) {
    const [parent] = await db.select({ code: sysCategory.code }).from(sysCategory).where(eq(sysCategory.id, pid));
    if (!parent) throw new BizError('规则参数 pid 指向的分类不存在');
    parentCode = parent.code;
  }
  return nextCategoryCode(db, pid, parentCode);
}

/** OrgCodeRule: the org code a new department under `parentId` would get (empty: a top-level one). */
async function orgCode(db: Db, params: string | null): Promise<string> {
  const parentId = paramOf(params, 'parentId');
  let parentCode = '';
  if (parentId) {
    const [parent] = await db
      .select({ code: sysDepart.orgCode })
      .from(sysDepart)
      .where(and(eq(sysDepart.id, parentId), eq(sysDepart.delFlag, '0')));
    if (!parent) throw new BizError('规则参数 parentId 指向的部门不存在');
    parentCode = parent.code;
  }
  return nextChildOrgCode(db, parentId, parentCode);
}

/** The generators beside the sequence: they read the tree, so they only say what the next code would be. */
export const TREE_CODE_RULES: Record<Exclude<FillRuleClass, typeof SEQUENCE_RULE_CLASS>, (db: Db, params: string | null) => Promise<string>> = {
  'org.jeecg.modules.system.rule.CategoryCodeRule': categoryCode,
  'org.jeecg.modules.system.rule.OrgCodeRule': orgCode,
};
