import { and, eq, gt, sql } from 'drizzle-orm';
import { JEECG_IMPORT_STEPS, JeecgImportMsg, type JeecgImportBody, type JeecgImportTask } from '@sbwq/contracts';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { BizError } from '../../../platform/http/envelope.ts';
import type { ResourceCtx } from '../../../platform/resource/resource-routes.ts';
import { openSource, type Source } from './jeecg-import.rows.ts';
import { importJeecg } from './jeecg-import.service.ts';
import { sysImportTask } from './jeecg-import.table.ts';

/** A running task whose heartbeat is older than this belongs to a process that stopped. */
const STALE_MS = 5 * 60_000;

/** What the driver's refusal means, in words an administrator can act on (the password never appears). */
function connectError(error: unknown, where: string): BizError {
  const code = (error as { code?: string }).code ?? '';
  if (code === 'ECONNREFUSED') return new BizError(JeecgImportMsg.refused(where));
  if (code === 'ER_ACCESS_DENIED_ERROR' || code === 'ER_DBACCESS_DENIED_ERROR') return new BizError(JeecgImportMsg.denied(where));
  if (code === 'ER_BAD_DB_ERROR') return new BizError(JeecgImportMsg.noDatabase(where));
  if (code === 'ER_NO_SUCH_TABLE') return new BizError(JeecgImportMsg.notStock);
  return new BizError(JeecgImportMsg.unreachable(where));
}

/** Connects and checks the source is a JeecgBoot database before a task is made: a refusal is answered at once. */
async function connect(body: JeecgImportBody, where: string): Promise<Source> {
  let source: Source | undefined;
  try {
    source = await openSource({ host: body.host, port: body.port, database: body.database, user: body.user, password: body.password ?? '' });
    await source.probe();
    return source;
  } catch (error) {
    await source?.close().catch(() => undefined);
    throw connectError(error, where);
  }
}

/**
 * Starts an import (or a dry run) and answers its task id; the work goes on after the answer, writing
 * each table group's start and then the report (or the failure) to the task row. One at a time.
 */
export async function startImport(ctx: ResourceCtx, body: JeecgImportBody, onError: (error: unknown) => void): Promise<{ id: string }> {
  const db = ctx.deps.db;
  const running = (on: Db) =>
    on
      .select({ id: sysImportTask.id })
      .from(sysImportTask)
      .where(and(eq(sysImportTask.state, 'running'), gt(sysImportTask.heartbeat, new Date(Date.now() - STALE_MS))));
  if ((await running(db)).length) throw new BizError(JeecgImportMsg.busy);
  const where = `${body.host}:${body.port}/${body.database}`;
  const source = await connect(body, where);
  const id = newId();
  const dryRun = body.dryRun === true;
  try {
    // Two starts at the same moment (two administrators, two server processes): the second waits on this
    // lock until the first's task row is committed, then finds it running.
    await db.transaction(async (t) => {
      await t.execute(sql`select pg_advisory_xact_lock(hashtext('sbwq:jeecg-import'))`);
      if ((await running(t)).length) throw new BizError(JeecgImportMsg.busy);
      await t
        .insert(sysImportTask)
        .values({ id, source: where, dryRun: dryRun ? 1 : 0, state: 'running', step: JEECG_IMPORT_STEPS[0], createBy: ctx.user.username });
    });
  } catch (error) {
    await source.close().catch(() => undefined);
    throw error;
  }
  void run(db, id, source, dryRun, ctx).catch(onError);
  return { id };
}

async function run(db: Db, id: string, source: Source, dryRun: boolean, ctx: ResourceCtx) {
  try {
    const report = await importJeecg(db, source, {
      dryRun,
      progress: async (step, done) => {
        await db
          .update(sysImportTask)
          .set({ step, stepsDone: done, heartbeat: sql`now()` })
          .where(eq(sysImportTask.id, id));
      },
    });
    // imported dictionaries must be read at once, in every process
    if (!dryRun) await ctx.deps.dicts.invalidate();
    await db
      .update(sysImportTask)
      .set({ state: 'done', step: null, stepsDone: JEECG_IMPORT_STEPS.length, report: JSON.stringify(report), heartbeat: sql`now()` })
      .where(eq(sysImportTask.id, id));
  } catch (error) {
    await db
      .update(sysImportTask)
      .set({ state: 'failed', error: JeecgImportMsg.failed, heartbeat: sql`now()` })
      .where(eq(sysImportTask.id, id));
    throw error;
  } finally {
    await source.close().catch(() => undefined);
  }
}

export async function importStatus(ctx: ResourceCtx, id: string): Promise<JeecgImportTask> {
  const [row] = await ctx.deps.db.select().from(sysImportTask).where(eq(sysImportTask.id, id));
  if (!row) throw new BizError(JeecgImportMsg.notFound);
  const stale = row.state === 'running' && row.heartbeat.getTime() < Date.now() - STALE_MS;
  return {
    id: row.id,
    source: row.source,
    dryRun: row.dryRun === 1,
    state: stale ? 'failed' : (row.state as JeecgImportTask['state']),
    step: stale ? null : row.step,
    stepsDone: row.stepsDone,
    stepsTotal: JEECG_IMPORT_STEPS.length,
    report: row.report ? (JSON.parse(row.report) as JeecgImportTask['report']) : null,
    error: stale ? JeecgImportMsg.failed : row.error,
  };
}
