import { integer, text, uniqueIndex, varchar, pgTable } from 'drizzle-orm/pg-core';
import { audit, idColumn } from '../../../platform/db/columns.ts';

/**
 * 多数据源 (JEECG-API sys_data_source) with structured connection fields in place of JeecgBoot's driver
 * class and JDBC URL. The password is kept only as AES-256-GCM ciphertext (`datasource.secret.ts`):
 * `v1:<key id>:<base64 of iv | tag | ciphertext>`, null when the user has none.
 */
export const sysDataSource = pgTable(
  'sys_data_source',
  {
    id: idColumn(),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    /** dictionary database_type: 4 PostgreSQL, 1 MySQL / MariaDB */
    dbType: varchar('db_type', { length: 10 }).notNull(),
    host: varchar('host', { length: 253 }).notNull(),
    port: integer('port').notNull(),
    databaseName: varchar('database_name', { length: 64 }).notNull(),
    username: varchar('username', { length: 64 }).notNull(),
    passwordEnc: text('password_enc'),
    remark: varchar('remark', { length: 255 }),
    ...audit,
  },
  (t) => [uniqueIndex('uniq_sys_data_source_code').on(t.code)],
);
