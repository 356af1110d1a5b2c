import { sql, type SQL } from 'drizzle-orm';
import type { AddressEntry, Page } from '@sbwq/contracts';
import { rows, type Db } from '../../../platform/db/client.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { escapeLike } from '../../../platform/list/list-query.ts';

type Row = {
  id: string;
  realname: string;
  work_no: string | null;
  post: string | null;
  telephone: string | null;
  email: string | null;
  phone: string | null;
  depart_name: string;
  org_code: string;
};

export type AddressQuery = { orgCode?: string; realname?: string; workNo?: string; pageNo: number; pageSize: number };

/**
 * Active users of a department and the departments under it, one line per user and department,
 * with contact fields only — nothing about accounts, roles or credentials.
 */
export async function addressPage(db: Db, q: AddressQuery): Promise<Page<AddressEntry>> {
  if (q.orgCode && !/^[A-Z0-9]+$/.test(q.orgCode)) throw new BizError('部门编码格式不正确');
  const conds: SQL[] = [sql`u.del_flag = 0`, sql`u.status = 1`, sql`d.del_flag = '0'`];
  if (q.orgCode) conds.push(sql`d.org_code like ${`${q.orgCode}%`}`);
  if (q.realname) conds.push(sql`u.realname like ${`%${escapeLike(q.realname)}%`}`);
  if (q.workNo) conds.push(sql`u.work_no like ${`%${escapeLike(q.workNo)}%`}`);
  const where = sql.join(conds, sql` and `);
  const from = sql`from sys_user u join sys_user_depart ud on ud.user_id = u.id join sys_depart d on d.id = ud.dep_id where ${where}`;
  const [count, page] = await Promise.all([
    rows<{ n: number }>(db, sql`select count(*)::int as n ${from}`),
    rows<Row>(
      db,
      // 职务 holds position codes, comma-separated as stock writes them: the directory shows their names
      sql`select u.id, u.realname, u.work_no,
                 coalesce((select string_agg(coalesce(p.name, c.code), '，' order by c.n)
                           from unnest(string_to_array(u.post, ',')) with ordinality as c(code, n)
                           left join sys_position p on p.code = c.code and p.tenant_id = 0), u.post) as post,
                 u.telephone, u.email, u.phone, d.depart_name, d.org_code ${from}
           order by d.org_code, u.realname, u.id limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`,
    ),
  ]);
  const total = count[0]?.n ?? 0;
  const records = page.map((e) => ({
    id: e.id,
    realname: e.realname,
    workNo: e.work_no,
    post: e.post,
    telephone: e.telephone,
    email: e.email,
    phone: e.phone,
    departName: e.depart_name,
    orgCode: e.org_code,
  }));
  return { records, total, size: q.pageSize, current: q.pageNo, pages: Math.ceil(total / q.pageSize) };
}
