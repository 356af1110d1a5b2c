import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { desc, lt, sql } from 'drizzle-orm';
import { OFFLINE_AFTER_MS, type ProcessFacts, type ProcessRow } from '@sbwq/contracts';
import type { Db } from '../db/client.ts';
import { sysMonitorProcess } from './heartbeat.table.ts';

/** A heartbeat row silent this long is removed (its process is long gone). */
const PRUNE_AFTER_MS = 24 * 3600_000;

export type ProcessIdentity = { id: string; host: string; pid: number; startedAt: Date };

/** This app instance: host and pid, and a random part (two app instances may share a pid in tests). */
export const newProcessIdentity = (): ProcessIdentity => {
  const host = hostname().slice(0, 200);
  return { id: `${host}:${process.pid}:${randomBytes(4).toString('hex')}`, host, pid: process.pid, startedAt: new Date() };
};

/** Writes (upserts) this process's row and removes rows silent for a day. */
export async function writeHeartbeat(db: Db, me: ProcessIdentity, facts: ProcessFacts, now = new Date()): Promise<void> {
  await db
    .insert(sysMonitorProcess)
    .values({ id: me.id, host: me.host, pid: me.pid, startedAt: me.startedAt, seenAt: now, facts })
    .onConflictDoUpdate({ target: sysMonitorProcess.id, set: { seenAt: now, facts } });
  await db.delete(sysMonitorProcess).where(lt(sysMonitorProcess.seenAt, new Date(now.getTime() - PRUNE_AFTER_MS)));
}

export async function removeHeartbeat(db: Db, me: ProcessIdentity): Promise<void> {
  await db.delete(sysMonitorProcess).where(sql`${sysMonitorProcess.id} = ${me.id}`);
}

/** Every process heard from in the last day, the live ones first, each marked online or 离线. */
export async function listProcesses(db: Db, me: ProcessIdentity, now = new Date()): Promise<ProcessRow[]> {
  const found = await db.select().from(sysMonitorProcess).orderBy(desc(sysMonitorProcess.seenAt), sysMonitorProcess.startedAt);
  return found
    .map((row) => ({
      id: row.id,
      host: row.host,
      pid: row.pid,
      startedAt: row.startedAt.toISOString(),
      seenAt: row.seenAt.toISOString(),
      online: now.getTime() - row.seenAt.getTime() <= OFFLINE_AFTER_MS,
      current: row.id === me.id,
      facts: row.facts,
    }))
    .sort((a, b) => Number(b.online) - Number(a.online) || a.startedAt.localeCompare(b.startedAt));
}
