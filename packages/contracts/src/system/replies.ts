import { z } from 'zod';

/**
 * Pieces of the system screens' reply schemas. A reply schema checks (and, on the server, writes)
 * what a route answers, so it names every field the answer carries and no transform (the server
 * encodes with it).
 */

/** A timestamp column answered as the row holds it: a Date on the server, its ISO text on the wire. */
export const rowTimestamp = z.union([z.date(), z.string()]).nullable();

/** An option of the tree selects (`{key, value, title}`). */
export const treeOptionSchema = z.object({ key: z.string(), value: z.string(), title: z.string() });

/** Ids answered as a list (granted permissions, a user's roles…). */
export const idListSchema = z.array(z.string());
