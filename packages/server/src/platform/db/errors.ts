/**
 * The constraint a PostgreSQL unique violation (23505) names, on either driver; null for other errors.
 * Drizzle wraps the driver's error in `cause`, so the chain is walked a few levels down.
 */
export function violatedUnique(error: unknown): string | null {
  for (let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
  }
  return null;
}

export const isUniqueViolation = (error: unknown): boolean => violatedUnique(error) !== null;

/** What a request answers (HTTP 503) when the database cannot be reached or did not answer in time. */
export const DATABASE_UNAVAILABLE = '数据库暂时无法访问，请稍后重试';

// SQLSTATE classes and codes that mean "the database is not there right now", not "the request is wrong":
// 08 connection exception, 57P01–57P03 shutdown / starting up, 57014 statement timeout, 53300 too many
// connections, 25P03 idle-in-transaction timeout.
const UNAVAILABLE_STATES = /^(08...|57P0[1-3]|57014|53300|25P03)$/;
const UNAVAILABLE_SOCKET = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
// node-postgres reports a lost or timed-out connection with plain errors (no code)
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|timeout expired|Client has encountered a connection error|Client was closed)/;

/**
 * Whether a failed query failed because the database is unreachable, restarting or hung (on the
 * PostgreSQL driver; Drizzle wraps its error in `cause`).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && typeof e === 'object' && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string' && (UNAVAILABLE_STATES.test(e.code) || UNAVAILABLE_SOCKET.has(e.code))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** The driver's own message under Drizzle's wrapper ("Failed query: …" would put SQL and parameters in the log). */
export function rootMessage(error: unknown): string {
  let e = error as { message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e.cause === 'object' && e.cause !== null && depth < 4; depth++) e = e.cause as typeof e;
  return typeof e?.message === 'string' ? e.message : String(error);
}
