import { and, eq, gt, gte, inArray, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../db/client.ts';
import type { SessionUser } from '../auth/session.ts';
import { underVersion } from '../db/versioned-cache.ts';
import { escapeLike, fieldOf, type ListResource } from './list-query.ts';

type RuleRow = { rule_column: string; rule_conditions: string; rule_value: string };

/** The variables JeecgBoot allows in a rule value (JEECG-API §3.4), for the signed-in user. */
async function variables(db: Db, user: SessionUser): Promise<Record<string, string>> {
  const codes = await rows<{ org_code: string }>(
    db,
    sql`select d.org_code from sys_user_depart ud join sys_depart d on d.id = ud.dep_id where ud.user_id = ${user.id}`,
  );
  const now = new Date(Date.now() + 8 * 3600_000).toISOString();
  return {
    sys_user_code: user.username,
    sysUserCode: user.username,
    sys_user_name: user.realname,
    sys_org_code: user.orgCode ?? '',
    sys_multi_org_code: codes.map((c) => c.org_code).join(','),
    sys_date: now.slice(0, 10),
    sys_time: `${now.slice(0, 10)} ${now.slice(11, 19)}`,
  };
}

function substitute(value: string, vars: Record<string, string>): string {
  return value.replace(/#\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);
}

/**
 * Data rules granted to the user's roles on the menu that shows `component` (JEECG-API §3.4), as
 * conditions ANDed into the list query. A rule column must be one of the resource's own fields; a
 * rule naming anything else matches nothing, so a misconfigured rule hides data instead of leaking it.
 */
export async function dataRuleConditions(db: Db, user: SessionUser, component: string, resource: ListResource): Promise<SQL[]> {
  const found = await underVersion(db, `rules\n${user.id}\n${component}`, user.accessVersion, () =>
    rows<RuleRow>(
      db,
      sql`select r.rule_column, r.rule_conditions, r.rule_value
            from sys_permission_data_rule r
            join sys_permission p on p.id = r.permission_id and p.del_flag = 0 and p.component = ${component}
            join sys_role_permission rp on rp.permission_id = p.id and r.id = any(string_to_array(rp.data_rule_ids, ','))
            join sys_user_role ur on ur.role_id = rp.role_id and ur.user_id = ${user.id}
           where coalesce(r.status, '1') = '1'`,
    ),
  );
  if (found.length === 0) return [];
  const vars = await variables(db, user);
  const conditions: SQL[] = [];
  for (const rule of found) {
    const spec = fieldOf(resource, rule.rule_column);
    if (!spec) {
      conditions.push(sql`false`);
      continue;
    }
    const col = spec.column;
    const value = substitute(rule.rule_value, vars);
    switch (rule.rule_conditions) {
      case '=':
        conditions.push(eq(col, value));
        break;
      case '!=':
        conditions.push(ne(col, value));
        break;
      case '>':
        conditions.push(gt(col, value));
        break;
      case '>=':
        conditions.push(gte(col, value));
        break;
      case '<':
        conditions.push(lt(col, value));
        break;
      case '<=':
        conditions.push(lte(col, value));
        break;
      case 'IN':
        conditions.push(
          inArray(
            col,
            value
              .split(',')
              .map((v) => v.trim())
              .filter(Boolean),
          ),
        );
        break;
      case 'LIKE':
        conditions.push(sql`${col}::text like ${`%${escapeLike(value)}%`}`);
        break;
      case 'LEFT_LIKE':
        conditions.push(sql`${col}::text like ${`%${escapeLike(value)}`}`);
        break;
      case 'RIGHT_LIKE':
        conditions.push(sql`${col}::text like ${`${escapeLike(value)}%`}`);
        break;
      default:
        conditions.push(sql`false`);
    }
  }
  return [and(...conditions)!];
}
