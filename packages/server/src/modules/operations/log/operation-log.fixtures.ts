import { and, eq } from 'drizzle-orm';
import { LogType } from '@sbwq/contracts';
import type { TestApp } from '../../../test/harness.ts';
import { sysLog } from './log.table.ts';
import { operationLogOf } from './operation-log.ts';

/** The 操作日志 rows of the calls to one API path of `t`, read once the batched writes have landed. */
export const operationsAtOf = (t: TestApp) => async (path: string) => {
  await operationLogOf(t.app).flush();
  return t.database.db
    .select()
    .from(sysLog)
    .where(and(eq(sysLog.logType, LogType.operation), eq(sysLog.requestUrl, t.api(path))));
};
