/**
 * npm run seed:large — fills a database with 100,000 users in 2,000 departments, and 100,000 clue
 * batches with about 1,000,000 items (seed-large-batches.ts), for the list budgets of `npm run bench`.
 * Uses DATABASE_URL or the embedded database under DATA_DIR, like the server. Users get one shared password hash (hashing 100,000 passwords would take an hour).
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../src/platform/config.ts';
import { openDatabase, type Db } from '../src/platform/db/client.ts';
import { hashPassword } from '../src/platform/auth/password.ts';
import { runSeeds, RoleId } from '../src/seed/seed.ts';
import { nextOrgCode } from '../src/modules/identity/depart/org-code.ts';
import { LARGE_BATCHES, seedLargeBatches } from './seed-large-batches.ts';

const USERS = Number(process.env.LARGE_USERS ?? 100_000);
const DEPARTS = Number(process.env.LARGE_DEPARTS ?? 2_000);

export async function seedLarge(db: Db, departs = DEPARTS, batches = LARGE_BATCHES): Promise<void> {
  // 2,000 departments: 40 top-level branches of 49 children each, under a root of their own.
  const rootCode = 'L01';
  const rows: { id: string; parent: string; name: string; code: string }[] = [{ id: 'large-root', parent: '', name: '大数据量测试', code: rootCode }];
  let branchCode: string | null = null;
  for (let b = 0; rows.length < departs; b++) {
    branchCode = nextOrgCode(rootCode, branchCode);
    const branchId = `large-b${b}`;
    rows.push({ id: branchId, parent: 'large-root', name: `分会${b + 1}`, code: branchCode });
    let childCode: string | null = null;
    for (let c = 0; c < 49 && rows.length < departs; c++) {
      childCode = nextOrgCode(branchCode, childCode);
      rows.push({ id: `large-b${b}-c${c}`, parent: branchId, name: `分会${b + 1}-工作组${c + 1}`, code: childCode });
    }
  }
  const branches = rows.filter((r) => r.parent === 'large-root');
  const existing = await db.execute(sql`select count(*)::int as n from sys_user where username like 'large.%'`);
  if (((existing as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0) === 0) await seedUsers(db, rows);
  await seedLargeBatches(db, branches, batches);
}

async function seedUsers(db: Db, rows: { id: string; parent: string; name: string; code: string }[], users = USERS): Promise<void> {
  // Rows travel as one JSON parameter: drizzle would expand an array into one parameter per element.
  const insert = (table: string, columns: string, records: object[]) => {
    const names = sql.raw(
      columns
        .split(',')
        .map((c) => c.trim().split(' ')[0])
        .join(', '),
    );
    return db.execute(
      sql`insert into ${sql.identifier(table)} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as x(${sql.raw(columns)})`,
    );
  };
  for (let i = 0; i < rows.length; i += 500) {
    await insert(
      'sys_depart',
      'id text, parent_id text, depart_name text, org_code text, org_category text, org_type text, depart_order int, status text, del_flag text',
      rows.slice(i, i + 500).map((r) => ({
        id: r.id,
        parent_id: r.parent,
        depart_name: r.name,
        org_code: r.code,
        org_category: r.parent === '' ? '1' : '2',
        org_type: String(r.code.length / 3),
        depart_order: 0,
        status: '1',
        del_flag: '0',
      })),
    );
  }
  const hash = await hashPassword('LargeUser123');
  const leafs = rows.filter((r) => r.parent !== '' && r.parent !== 'large-root');
  const batch = 5_000;
  for (let i = 0; i < users; i += batch) {
    const idx = Array.from({ length: Math.min(batch, users - i) }, (_, k) => i + k);
    await insert(
      'sys_user',
      'id text, username text, realname text, password text, phone text, org_code text, status smallint, del_flag smallint, sex smallint, create_by text, create_time timestamptz',
      idx.map((k) => ({
        id: `large-u${k}`,
        username: `large.${k}`,
        realname: `测试用户${k}`,
        password: hash,
        phone: `139${String(k).padStart(8, '0')}`,
        org_code: leafs[k % leafs.length].code,
        status: k % 50 === 0 ? 2 : 1,
        del_flag: 0,
        sex: (k % 2) + 1,
        create_by: 'seed',
        create_time: new Date(Date.UTC(2025, 0, 1) + k * 60_000).toISOString(),
      })),
    );
    await insert(
      'sys_user_depart',
      'id text, user_id text, dep_id text',
      idx.map((k) => ({ id: `large-ud${k}`, user_id: `large-u${k}`, dep_id: leafs[k % leafs.length].id })),
    );
    await insert(
      'sys_user_role',
      'id text, user_id text, role_id text',
      idx.map((k) => ({ id: `large-ur${k}`, user_id: `large-u${k}`, role_id: k % 2 ? RoleId.agency : RoleId.holder })),
    );
  }
  // Fresh rows have no visibility map yet: without a vacuum, counts cannot use index-only scans.
  await db.execute(sql`vacuum analyze sys_user`);
  await db.execute(sql`vacuum analyze sys_user_depart`);
  await db.execute(sql`vacuum analyze sys_depart`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const config = loadConfig();
  // a million rows: statements that run for minutes, on connections without the server's request timeouts
  const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite'), role: 'maintenance' });
  await runSeeds(database.db, { adminPassword: config.adminPassword, seedDemo: config.seedDemo, announce: (t) => process.stdout.write(`${t}\n`) });
  const t0 = performance.now();
  await seedLarge(database.db);
  process.stdout.write(
    `已写入 ${USERS} 个用户、${DEPARTS} 个部门、${LARGE_BATCHES} 个线索批次及其明细（${((performance.now() - t0) / 1000).toFixed(1)} 秒）\n`,
  );
  await database.close();
}
