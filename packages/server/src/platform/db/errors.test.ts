import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable, isUniqueViolation, rootMessage } from './errors.ts';

/** A driver error as Drizzle hands it on: its own error with the driver's as `cause`. */
const wrapped = (cause: object) => Object.assign(new Error('Failed query: select 1'), { cause });

describe('which failures mean "the database is unreachable, restarting or hung" (issue #24: HTTP 503, not 500)', () => {
  it('a refused or lost connection, a shutdown, a timeout of ours or of the server', () => {
    const unavailable = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      wrapped(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })),
      wrapped(Object.assign(new Error('the database system is starting up'), { code: '57P03' })),
      wrapped(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })),
      wrapped(new Error('Connection terminated unexpectedly')),
      wrapped(new Error('Query read timeout')),
      new Error('timeout exceeded when trying to connect'),
      wrapped(Object.assign(new Error('connection failure'), { code: '08006' })),
    ];
    for (const error of unavailable) expect(isDatabaseUnavailable(error), String(error)).toBe(true);
  });

  it('a wrong request or a bug is not: those keep their own answers', () => {
    const others = [
      wrapped(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505', constraint: 'uniq_x' })),
      wrapped(Object.assign(new Error('syntax error at or near'), { code: '42601' })),
      new TypeError("Cannot read properties of undefined (reading 'id')"),
      null,
      'Connection terminated',
    ];
    for (const error of others) expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    expect(isUniqueViolation(others[0])).toBe(true);
  });

  it("the log names the driver's reason, not the failed SQL with its parameters", () => {
    expect(rootMessage(wrapped(new Error('Query read timeout')))).toBe('Query read timeout');
    expect(rootMessage(new Error('connect ECONNREFUSED 127.0.0.1:5432'))).toBe('connect ECONNREFUSED 127.0.0.1:5432');
  });
});
