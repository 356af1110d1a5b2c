import { and, eq, inArray } from 'drizzle-orm';
import { DATA_SOURCE_TYPE_DICT, DataSourceType, DataSourceTypeText } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { sysDict, sysDictItem } from '../../config/dict/dict.table.ts';
import { sysDataSource } from './datasource.table.ts';
import { dataSourceKey, sealPassword, type KeySource } from './datasource.secret.ts';

/** The stock dictionary says `MySQL`; the same connection serves MariaDB, as the form says. */
export async function seedDataSourceDict(db: Db): Promise<void> {
  const [dict] = await db.select({ id: sysDict.id }).from(sysDict).where(eq(sysDict.dictCode, DATA_SOURCE_TYPE_DICT));
  if (!dict) return;
  await db
    .update(sysDictItem)
    .set({ itemText: DataSourceTypeText[DataSourceType.mysql] })
    .where(and(eq(sysDictItem.dictId, dict.id), eq(sysDictItem.itemValue, DataSourceType.mysql), eq(sysDictItem.itemText, 'MySQL')));
}

/** Where the app's own PostgreSQL is: DATABASE_URL's parts, or the usual local server when the app runs on PGlite. */
export function ownDatabase(databaseUrl: string | null | undefined) {
  if (!databaseUrl) return { host: '127.0.0.1', port: 5432, databaseName: 'postgres', username: 'postgres', password: null };
  const url = new URL(databaseUrl);
  return {
    host: url.hostname.replace(/^\[|\]$/g, '') || '127.0.0.1',
    port: Number(url.port) || 5432,
    databaseName: decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres',
    username: decodeURIComponent(url.username) || 'postgres',
    password: url.password ? decodeURIComponent(url.password) : null,
  };
}

export const DEMO_SOURCE_IDS = ['ds000000000000000000000000000001', 'ds000000000000000000000000000002', 'ds000000000000000000000000000003'];

/**
 * Sources an association would have: its own business database (for statistics reports), the MariaDB
 * of the case system it used before this one, and the information centre's member warehouse on the
 * intranet (a read-only account with a password; not reachable from a demo machine, so 测试连接 shows a
 * failure too). Passwords are sealed by the same code as the screen's, with the configured key.
 */
export async function seedDataSourceDemo(db: Db, keys: KeySource, databaseUrl: string | null | undefined): Promise<void> {
  const own = ownDatabase(databaseUrl);
  const day = 86_400_000;
  const now = Date.now();
  const sources = [
    {
      id: DEMO_SOURCE_IDS[0],
      code: 'sbwq_main',
      name: '本系统业务库',
      dbType: DataSourceType.postgresql,
      ...own,
      remark: '本系统自己的 PostgreSQL 业务库，供在线报表做维权统计（建议改用只读账号）',
      createTime: new Date(now - 45 * day),
    },
    {
      id: DEMO_SOURCE_IDS[1],
      code: 'legacy_case',
      name: '原维权案件系统（历史库）',
      dbType: DataSourceType.mysql,
      host: '127.0.0.1',
      port: 3306,
      databaseName: 'test',
      username: 'root',
      password: null,
      remark: '2018–2023 年使用的旧案件管理系统（MariaDB），只读查询历史维权案件',
      createTime: new Date(now - 30 * day),
    },
    {
      id: DEMO_SOURCE_IDS[2],
      code: 'member_dw',
      name: '会员服务数据仓库',
      dbType: DataSourceType.postgresql,
      host: '10.20.0.15',
      port: 5432,
      databaseName: 'member_dw',
      username: 'report_reader',
      password: 'Rd#Member2025',
      remark: '信息中心维护的会员企业与商标数据仓库（内网只读账号）',
      createTime: new Date(now - 12 * day),
    },
  ];
  const present = new Set((await db.select({ id: sysDataSource.id }).from(sysDataSource).where(inArray(sysDataSource.id, DEMO_SOURCE_IDS))).map((r) => r.id));
  for (const { password, ...source } of sources) {
    if (present.has(source.id)) continue;
    await db
      .insert(sysDataSource)
      .values({ ...source, passwordEnc: password ? sealPassword(dataSourceKey(keys), password) : null, createBy: 'admin' })
      .onConflictDoNothing();
  }
}
