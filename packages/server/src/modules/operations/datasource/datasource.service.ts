import { eq, inArray } from 'drizzle-orm';
import {
  DATA_SOURCE_TYPE_DICT,
  DataSourceMsg,
  DataSourceTypeText,
  stockDriverOf,
  stockUrlOf,
  TEST_CONNECTION_TIMEOUT_MS,
  type DataSourceAddBody,
  type DataSourceEditBody,
  type DataSourceRecord,
  type DataSourceTestBody,
  type DataSourceTestReply,
  type DataSourceTypeValue,
  type Page,
} from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import type { SessionUser } from '../../../platform/auth/session.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import { fieldsOf, pageOf, type ListParams, type ListResource } from '../../../platform/list/list-query.ts';
import { DataTable, SYSTEM_CHANGER, withVersions, type VersionReader } from '../../core/datalog/datalog.service.ts';
import { created, updated } from '../../../platform/db/audit.ts';
import { withDateTexts } from '../../../platform/db/time.ts';
import { isUniqueViolation } from '../../../platform/db/errors.ts';
import { sysDataSource } from './datasource.table.ts';
import { dataSourceKey, sealPassword, type KeySource } from './datasource.secret.ts';
import { sourceRow, specOf, storedPassword, type DataSourceRow } from './datasource.source.ts';
import { testConnection, type ConnectionSpec } from './datasource.connect.ts';
import { closeDataSourcePools } from './datasource.query.ts';

export const dataSourceWhitelist: ListResource = {
  table: sysDataSource,
  fields: fieldsOf(sysDataSource, { name: 'string', code: 'string', dbType: 'string', host: 'string', databaseName: 'string', createTime: 'datetime' }),
  defaultSort: { field: 'createTime', order: 'desc' },
};

/** A stored password goes only where it was saved for: a new type, host or port needs it typed again. */
export const RETYPE_PASSWORD = '修改了数据库类型、主机或端口时须重新填写密码（已保存的密码不会发往新的地址）';

/** The record as answered: every field but the password, of which only whether there is one. */
async function records(deps: AppDeps, rows: DataSourceRow[]): Promise<DataSourceRecord[]> {
  const base = rows.map((row) => ({
    id: row.id,
    name: row.name,
    code: row.code,
    dbType: row.dbType,
    host: row.host,
    port: row.port,
    databaseName: row.databaseName,
    username: row.username,
    passwordSet: row.passwordEnc !== null,
    dbDriver: stockDriverOf(row.dbType),
    dbUrl: stockUrlOf(row),
    dbName: row.databaseName,
    dbUsername: row.username,
    remark: row.remark,
    ...withDateTexts({ createBy: row.createBy, createTime: row.createTime, updateBy: row.updateBy, updateTime: row.updateTime }),
  }));
  const texts = await deps.dicts.withDictText(base, { dbType: DATA_SOURCE_TYPE_DICT });
  return base.map((r, i) => ({ ...r, dbType_dictText: texts[i].dbType_dictText || DataSourceTypeText[r.dbType as DataSourceTypeValue] || r.dbType }));
}

export async function listDataSources(deps: AppDeps, params: ListParams): Promise<Page<DataSourceRecord>> {
  const page = await pageOf<DataSourceRow>(deps.db, dataSourceWhitelist, params, { tieBreak: sysDataSource.id });
  return { ...page, records: await records(deps, page.records) };
}

export async function dataSourceById(deps: AppDeps, id: string): Promise<DataSourceRecord> {
  return (await records(deps, [await sourceRow(deps.db, { id })]))[0];
}

const connectionValues = (body: Omit<DataSourceAddBody, 'code'>) => ({
  name: body.name,
  dbType: body.dbType,
  host: body.host,
  port: body.port,
  databaseName: body.databaseName,
  username: body.username,
  remark: body.remark?.trim() || null,
});

const sameTarget = (row: Pick<DataSourceRow, 'dbType' | 'host' | 'port'>, body: { dbType?: string; host?: string; port?: number }) =>
  row.dbType === body.dbType && row.host.toLowerCase() === body.host?.toLowerCase() && row.port === body.port;

/** A data source as its data-log versions keep it: never the password, only whether one is set. */
const readSources: VersionReader = async (db, ids) =>
  new Map(
    (await db.select().from(sysDataSource).where(inArray(sysDataSource.id, ids))).map(({ passwordEnc, ...source }) => [
      source.id,
      { ...source, hasPassword: passwordEnc !== null },
    ]),
  );

export async function addDataSource(db: Db, keys: KeySource, user: SessionUser | null, body: DataSourceAddBody): Promise<void> {
  const [taken] = await db.select({ id: sysDataSource.id }).from(sysDataSource).where(eq(sysDataSource.code, body.code));
  if (taken) throw new BizError(DataSourceMsg.codeTaken);
  const passwordEnc = body.password ? sealPassword(dataSourceKey(keys), body.password) : null;
  const id = newId();
  try {
    await withVersions(db, user ?? SYSTEM_CHANGER, DataTable.dataSource, [id], readSources, (t) =>
      t.insert(sysDataSource).values({ id, code: body.code, ...connectionValues(body), passwordEnc, ...created(user) }),
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new BizError(DataSourceMsg.codeTaken);
    throw error;
  }
}

/**
 * An empty password keeps the stored one (the form never shows it) unless `clearPassword`; the code is
 * what reports name the source by, so it stays (the stock form leaves it out). The source's pools in this process close at once.
 */
export async function editDataSource(db: Db, keys: KeySource, user: SessionUser | null, body: DataSourceEditBody): Promise<void> {
  const row = await sourceRow(db, { id: body.id });
  if (body.code !== undefined && row.code !== body.code) throw new BizError(DataSourceMsg.codeReadonly);
  let passwordEnc = row.passwordEnc;
  if (body.password) passwordEnc = sealPassword(dataSourceKey(keys), body.password);
  else if (body.clearPassword) passwordEnc = null;
  else if (row.passwordEnc && !sameTarget(row, body)) throw new BizError(RETYPE_PASSWORD);
  await withVersions(db, user ?? SYSTEM_CHANGER, DataTable.dataSource, [body.id], readSources, (t) =>
    t
      .update(sysDataSource)
      .set({ ...connectionValues(body), passwordEnc, ...updated(user) })
      .where(eq(sysDataSource.id, body.id)),
  );
  closeDataSourcePools([body.id]);
}

export async function deleteDataSources(db: Db, user: SessionUser | null, ids: string[]): Promise<void> {
  await withVersions(db, user ?? SYSTEM_CHANGER, DataTable.dataSource, ids, readSources, async (t) => {
    const done = await t.delete(sysDataSource).where(inArray(sysDataSource.id, ids)).returning({ id: sysDataSource.id });
    if (done.length === 0) throw new BizError(DataSourceMsg.notFound);
  });
  closeDataSourcePools(ids);
}

/**
 * 测试连接 of a saved source (`{ id }`), or of the form's values; with an id and an empty password the
 * saved password is used — only towards the saved type, host and port, so that nobody can make the
 * server send it to an address of their choosing.
 */
export async function testDataSource(db: Db, keys: KeySource, body: DataSourceTestBody): Promise<DataSourceTestReply> {
  let spec: ConnectionSpec;
  if (body.host === undefined) {
    spec = specOf(await sourceRow(db, { id: body.id! }), keys);
  } else {
    let password = body.password || null;
    if (!password && body.id) {
      const row = await sourceRow(db, { id: body.id });
      if (row.passwordEnc && !sameTarget(row, body)) throw new BizError(RETYPE_PASSWORD);
      password = storedPassword(row, keys);
    }
    spec = { dbType: body.dbType!, host: body.host, port: body.port!, databaseName: body.databaseName!, username: body.username!, password };
  }
  return testConnection(spec, TEST_CONNECTION_TIMEOUT_MS);
}
