import { z } from 'zod';

/**
 * Pieces of the reply schemas: what a record's fields look like once the server has answered them. No
 * transforms here — Fastify encodes an answer through its schema, and a transform cannot be encoded.
 */

/** A text column that may be empty (null), or a date or time as JeecgBoot writes it, or null. */
export const nullableText = z.string().nullable();

/** `<field>_dictText`: the dictionary's text of a coded field (empty when the code has none). */
export const dictText = z.string().optional();

/** The audit columns every row answers (JEECG-API §6.3), times as `yyyy-MM-dd HH:mm:ss`. */
export const auditFields = {
  createBy: nullableText,
  createTime: nullableText,
  updateBy: nullableText,
  updateTime: nullableText,
};
