import { bigint, index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn } from '../../../platform/db/columns.ts';

/**
 * 数据日志 (stock JeecgBoot sys_data_log): one row per change of a business record, written in the
 * transaction that makes the change. Append-only (a trigger refuses any other change); `chain_seq` /
 * `prev_hash` / `hash` are filled once by the sealing step (datalog-chain.ts), which links this table and
 * the approval records into one hash chain.
 */
export const sysDataLog = pgTable(
  'sys_data_log',
  {
    id: idColumn(),
    /** the business table's name (rights_batch, fin_claim, …) */
    dataTable: varchar('data_table', { length: 64 }).notNull(),
    dataId: varchar('data_id', { length: 36 }).notNull(),
    /** 1 for the record's first version, then +1 per change */
    dataVersion: integer('data_version').notNull(),
    /** add / edit / delete */
    op: varchar('op', { length: 8 }).notNull(),
    /** the names of the fields this change touched */
    fields: jsonb('fields').$type<string[]>().notNull(),
    /** those fields' values before (null for an add) and after (null for a delete) */
    oldValues: jsonb('old_values').$type<Record<string, unknown> | null>(),
    newValues: jsonb('new_values').$type<Record<string, unknown> | null>(),
    /** the whole record as this version left it (as it was, for a delete) */
    dataContent: jsonb('data_content').$type<Record<string, unknown>>().notNull(),
    createBy: varchar('create_by', { length: 32 }),
    createName: varchar('create_name', { length: 100 }),
    createTime: timestamp('create_time', { withTimezone: true }).notNull(),
    chainSeq: bigint('chain_seq', { mode: 'number' }),
    prevHash: varchar('prev_hash', { length: 64 }),
    hash: varchar('hash', { length: 64 }),
  },
  (t) => [
    uniqueIndex('uq_sys_data_log_version').on(t.dataTable, t.dataId, t.dataVersion),
    uniqueIndex('uq_sys_data_log_chain').on(t.chainSeq),
    index('idx_sys_data_log_time').on(t.createTime.desc(), t.id),
  ],
);
export type DataLogRow = typeof sysDataLog.$inferSelect;

/**
 * The chain's last entry (one row, id 'main'): its sequence number and hash. The verification compares
 * it with the last entry found, so removing the newest entries shows too. `keyed_from` is the first place
 * linked with the server secret's key (the places before were linked with plain SHA-256 before the
 * upgrade), and `mac` signs place, hash and boundary with that key (datalog-chain.ts).
 */
export const sysChainHead = pgTable('sys_chain_head', {
  id: varchar('id', { length: 16 }).primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: varchar('hash', { length: 64 }).notNull(),
  keyedFrom: bigint('keyed_from', { mode: 'number' }),
  mac: varchar('mac', { length: 64 }),
  updateTime: timestamp('update_time', { withTimezone: true }).notNull(),
});
