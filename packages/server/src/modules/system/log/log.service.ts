import type { FastifyRequest } from 'fastify';
import type { Db } from '../../../platform/db/client.ts';
import { newId } from '../../../platform/db/ids.ts';
import { sysLog } from './log.table.ts';

export const LogType = { login: 1, operation: 2 } as const;

export type ClientInfo = { ip: string; userAgent: string | null };

export function clientOf(request: FastifyRequest): ClientInfo {
  const ua = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 500) : null };
}

/** Writes a login-log row; `userid` holds the username and `username` the realname, as JeecgBoot does. */
export async function writeLoginLog(
  db: Db,
  entry: { content: string; username: string | null; realname: string | null; client: ClientInfo; url: string },
): Promise<void> {
  await db.insert(sysLog).values({
    id: newId(),
    logType: LogType.login,
    logContent: entry.content.slice(0, 1000),
    userid: entry.username?.slice(0, 100) ?? null,
    username: entry.realname?.slice(0, 100) ?? null,
    ip: entry.client.ip,
    userAgent: entry.client.userAgent,
    requestUrl: entry.url.slice(0, 500),
    requestType: 'POST',
    createBy: entry.username?.slice(0, 32) ?? null,
    createTime: new Date(),
  });
}
