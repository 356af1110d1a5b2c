import { eq } from 'drizzle-orm';
import { DataSourceMsg, type DataSourceTypeValue } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { sysDataSource } from './datasource.table.ts';
import { dataSourceKey, openPassword, type KeySource } from './datasource.secret.ts';
import type { ConnectionSpec } from './datasource.connect.ts';

export type DataSourceRow = typeof sysDataSource.$inferSelect;

/** A source by id or by code; `notFound` (数据源不存在) when there is none. */
export async function sourceRow(db: Db, by: { id: string } | { code: string }): Promise<DataSourceRow> {
  const [row] = await db
    .select()
    .from(sysDataSource)
    .where('id' in by ? eq(sysDataSource.id, by.id) : eq(sysDataSource.code, by.code));
  if (!row) throw new BizError('code' in by ? `${DataSourceMsg.notFound}：${by.code}` : DataSourceMsg.notFound);
  return row;
}

/** The stored password, opened with the configured key (a Chinese refusal when the key is another). */
export function storedPassword(row: Pick<DataSourceRow, 'passwordEnc'>, keys: KeySource): string | null {
  return row.passwordEnc ? openPassword(dataSourceKey(keys), row.passwordEnc) : null;
}

/** Where a saved source is, with its password opened. */
export function specOf(row: DataSourceRow, keys: KeySource): ConnectionSpec {
  return {
    dbType: row.dbType as DataSourceTypeValue,
    host: row.host,
    port: row.port,
    databaseName: row.databaseName,
    username: row.username,
    password: storedPassword(row, keys),
  };
}
