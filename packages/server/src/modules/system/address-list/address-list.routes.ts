import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ok } from '../../../platform/http/envelope.ts';
import { rows } from '../../../platform/db/client.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import type { AppDeps } from '../../../platform/deps.ts';

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

type Entry = { id: string; realname: string; work_no: string | null; post: string | null; telephone: string | null; email: string | null; phone: string | null; depart_name: string; org_code: string };

/**
 * 通讯录: a read-only directory of active users by department (JeecgBoot queryByOrgCodeForAddressList).
 * Contact fields only — nothing about accounts, roles or credentials.
 */
export async function addressListRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/sys/user/queryByOrgCodeForAddressList',
    {
      config: { permission: 'system:address:list' },
      schema: {
        tags: ['通讯录'],
        summary: '按部门查询通讯录',
        description: 'orgCode 为空时查询全部部门；包含下级部门的成员。',
        querystring: z.object({
          orgCode: z.string().max(64).optional(),
          realname: z.string().max(50).optional(),
          workNo: z.string().max(50).optional(),
          pageNo: z.coerce.number().int().min(1).max(100_000).default(1),
          pageSize: z.coerce.number().int().min(1).max(200).default(10),
          _t: z.string().optional(),
        }),
      },
    },
    async (request) => {
      const q = request.query;
      if (q.orgCode && !/^[A-Z0-9]+$/.test(q.orgCode)) throw new BizError('部门编码格式不正确');
      const conds: SQL[] = [sql`u.del_flag = 0`, sql`u.status = 1`, sql`d.del_flag = '0'`];
      if (q.orgCode) conds.push(sql`d.org_code like ${`${q.orgCode}%`}`);
      if (q.realname) conds.push(sql`u.realname like ${`%${escapeLike(q.realname)}%`}`);
      if (q.workNo) conds.push(sql`u.work_no like ${`%${escapeLike(q.workNo)}%`}`);
      const where = sql.join(conds, sql` and `);
      const from = sql`from sys_user u join sys_user_depart ud on ud.user_id = u.id join sys_depart d on d.id = ud.dep_id where ${where}`;
      const [count, page] = await Promise.all([
        rows<{ n: number }>(deps.db, sql`select count(*)::int as n ${from}`),
        rows<Entry>(
          deps.db,
          sql`select u.id, u.realname, u.work_no, u.post, u.telephone, u.email, u.phone, d.depart_name, d.org_code ${from}
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
      return ok({ records, total, size: q.pageSize, current: q.pageNo, pages: Math.ceil(total / q.pageSize) }, '操作成功！', 200);
    },
  );
}
