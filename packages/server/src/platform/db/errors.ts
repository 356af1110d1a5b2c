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
