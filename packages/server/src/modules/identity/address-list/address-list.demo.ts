import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../../platform/db/client.ts';

/** 职务 of the organisations' own staff, beside the association's (seeded with the demo content). */
const ORG_POSITIONS: [code: string, name: string, rank: string][] = [
  ['JG-FZR', '机构负责人', '4'],
  ['JG-LXR', '维权联络人', '2'],
];

/** The association's staff accounts and what they do there. */
const STAFF_POSTS: Record<string, string> = { admin: 'XH-XXGL', reviewer: 'XH-SHZY', finance: 'XH-CWZG' };

/** Area codes of the cities the demo organisations are in (their 座机). */
const AREA_CODES = ['0571', '0574', '0573', '0577', '0579', '0575', '0572', '0576', '0578', '0570', '0580'];

/**
 * 通讯录 of the demo (issue 36: 工号 / 职务 / 电话 / 邮箱 were blank for most demo users): every active demo
 * account without a 工号 gets one, its 职务, a 座机, a 手机号 when it has none and an e-mail on its
 * organisation's domain — numbered in account order, so each value is unique and the same on every start.
 * Accounts someone has filled in keep what they have.
 */
export async function seedDirectoryDemo(db: Db): Promise<void> {
  await db.execute(sql`insert into sys_position (id, code, name, post_rank, tenant_id, sys_org_code, create_by, create_time)
    select md5('demo-position-' || v.code), v.code, v.name, v.rank, 0, 'A01', 'admin', now()
    from (values ${sql.join(
      ORG_POSITIONS.map(([code, name, rank]) => sql`(${code}, ${name}, ${rank})`),
      sql`, `,
    )}) as v(code, name, rank)
    where not exists (select 1 from sys_position p where p.code = v.code)`);
  const users = await rows<{ id: string; username: string; phone: string | null; email: string | null; org_code: string | null; contact_person: boolean }>(
    db,
    sql`select u.id, u.username, u.phone, u.email, u.org_code,
               exists (select 1 from rights_org o where o.create_by = u.username) as contact_person
        from sys_user u where u.del_flag = 0 and u.work_no is null order by u.create_time, u.username`,
  );
  let n = 0;
  for (const u of users) {
    n += 1;
    const staff = u.username in STAFF_POSTS || (u.org_code ?? '').startsWith('A01');
    const workNo = staff ? `XH${String(n).padStart(4, '0')}` : `JG${String(n).padStart(4, '0')}`;
    const post = STAFF_POSTS[u.username] ?? (staff ? 'XH-WQZY' : u.contact_person ? 'JG-LXR' : 'JG-FZR');
    const area = staff ? '0571' : AREA_CODES[n % AREA_CODES.length]!;
    const telephone = `${area}-8${String(7_100_000 + n * 37).slice(-7)}`;
    const phone = u.phone ?? `1395710${String(n).padStart(4, '0')}`;
    const email = u.email ?? `${u.username}@${staff ? 'zjipa.org.cn' : 'member.zjipa.org.cn'}`;
    await db.execute(sql`update sys_user set work_no = ${workNo}, post = ${post}, telephone = ${telephone},
      phone = ${phone}, email = ${email}
      where id = ${u.id} and work_no is null
        and not exists (select 1 from sys_user o where o.id <> ${u.id} and (o.work_no = ${workNo} or o.phone = ${phone} or o.email = ${email}))`);
  }
}
