import { z } from 'zod';
import { BizError } from './envelope.ts';

/**
 * Ids in requests. The JeecgBoot client sends a batch as `ids=a,b,` (trailing comma); every route reads
 * it through `splitIds`, so the limit and the refusal are the same everywhere.
 */

/** Most ids one request may name: a page of the largest list (1000 rows) selected at once. */
export const MAX_IDS = 1000;
/** Ids are 32-character strings or small numbers; nothing longer can name a row. */
export const ID_MAX_LENGTH = 36;
/** Room for MAX_IDS ids of ID_MAX_LENGTH plus their commas. */
const IDS_MAX_CHARS = 40_000;

export const TOO_MANY_IDS = '所选数据过多或编号不正确';

/**
 * A comma list a request names, trimmed, without empties and duplicates. Refuses (400) above MAX_IDS or
 * with an id no row can have, rather than cutting the list silently; with `emptyMessage` an empty list
 * is refused too.
 */
export function splitIds(raw: string | null | undefined, emptyMessage?: string): string[] {
  const ids = splitList(raw);
  if (emptyMessage !== undefined && ids.length === 0) throw new BizError(emptyMessage);
  if (ids.length > MAX_IDS || ids.some((id) => id.length > ID_MAX_LENGTH)) throw new BizError(TOO_MANY_IDS, 500, 400);
  return ids;
}

/** A comma list kept in a row (a user's departments, a notice's recipients): no limit, it was checked on the way in. */
export function splitList(raw: string | null | undefined): string[] {
  return [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/** `?id=` of queryById, delete and the like. */
export const idQuery = z.object({ id: z.string({ error: '缺少ID' }).min(1, '缺少ID').max(ID_MAX_LENGTH) });

/** `?ids=a,b,` of deleteBatch and the like; `splitIds` then checks the count. */
export function idsQuery(message = '请选择记录') {
  return z.object({ ids: z.string({ error: message }).min(1, message).max(IDS_MAX_CHARS) });
}
